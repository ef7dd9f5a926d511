import { advancedPermissionsHex, softDeletedUniqueId } from '@rastro/shared/contract';
import { strFromU8, unzipSync } from 'fflate';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { Browser, unique, type Json } from '../test-support/policy-browser';
import { sendRaw } from '../test-support/http';
import { REPORT_KINDS } from './report-reads';

/**
 * A report's answer streams through the gateway untouched when no device is hidden (policy-proxy's
 * pass-through). What an attacker tries against that path: another user's device or group, alone or
 * beside its own, as JSON or as a spreadsheet; a report its advanced permissions do not allow; and,
 * once a device is hidden, that device's report by id. None of it may carry another's fixes.
 */
describe('reports streamed through the gateway', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let admin: Browser;
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const kinds = ['summary', ...Object.keys(REPORT_KINDS)];
  const since = new Date(Date.now() - 3_600_000);
  const range = () => `from=${since.toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;

  async function createUser(name: string, fields: Json = {}): Promise<{ id: number; browser: Browser; cookie: string }> {
    const email = `${unique(name)}@stream.test`;
    const created = await admin.ok<{ id: number }>('POST', '/api/users', { name: `Stream ${name}`, email, password: 'secret1', deviceLimit: -1, ...fields });
    const browser = await Browser.signIn(gateway.url, email, 'secret1');
    return { id: created.id, browser, cookie: browser.cookie };
  }

  /** A device of `userId` in a group of its own, with a few fixes in the period. */
  async function deviceWithFixes(userId: number): Promise<{ id: number; groupId: number; uniqueId: string; name: string }> {
    const group = await admin.ok<{ id: number }>('POST', '/api/groups', { name: unique('Group ') });
    const uniqueId = unique('stream').replace(/\W/g, '');
    const name = unique('Van ');
    const device = await admin.ok<{ id: number }>('POST', '/api/devices', { name, uniqueId, groupId: group.id });
    await admin.ok('POST', '/api/permissions', { userId, deviceId: device.id });
    await admin.ok('POST', '/api/permissions', { userId, groupId: group.id });
    for (const [index, lat] of ['-23.550', '-23.551', '-23.552'].entries()) {
      const query = new URLSearchParams({ id: uniqueId, lat, lon: '-46.63', speed: '20', timestamp: new Date(Date.now() - (3 - index) * 60_000).toISOString() });
      expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
    }
    return { id: device.id, groupId: group.id, uniqueId, name };
  }

  /** The text of a spreadsheet answer's only sheet (rows name their device). */
  function sheetText(bytes: Uint8Array): string {
    const files = unzipSync(bytes);
    const sheet = Object.keys(files).find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
    return sheet ? strFromU8(files[sheet] as Uint8Array) : '';
  }

  const get = (cookie: string, path: string, accept = 'application/json') => sendRaw(gateway.url, path, { method: 'GET', headers: { cookie, accept } });

  let owner: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let ownersDevice: Awaited<ReturnType<typeof deviceWithFixes>>;
  let strangersDevice: Awaited<ReturnType<typeof deviceWithFixes>>;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password } });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    owner = await createUser('owner');
    stranger = await createUser('stranger');
    ownersDevice = await deviceWithFixes(owner.id);
    strangersDevice = await deviceWithFixes(stranger.id);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  it("streams the owner's own route (the pass-through is taken: no device is hidden)", async () => {
    const route = await owner.browser.ok<Array<{ deviceId: number }>>('GET', `/api/reports/route?deviceId=${ownersDevice.id}&${range()}`);
    expect(route.map((fix) => fix.deviceId)).toEqual([ownersDevice.id, ownersDevice.id, ownersDevice.id]);
  });

  it.each(kinds)("GET /api/reports/%s of another user's device or group, alone or beside its own, as JSON or xlsx: refused, none of its fixes", async (kind) => {
    const scopes = [`deviceId=${ownersDevice.id}`, `groupId=${ownersDevice.groupId}`, `deviceId=${strangersDevice.id}&deviceId=${ownersDevice.id}`, `groupId=${strangersDevice.groupId}&groupId=${ownersDevice.groupId}`];
    for (const scope of scopes) {
      for (const accept of ['application/json', XLSX]) {
        const answer = await get(stranger.cookie, `/api/reports/${kind}?${scope}&${range()}`, accept);
        expect([scope, accept, answer.status]).toEqual([scope, accept, 400]);
        expect(answer.text).not.toContain('-23.55');
      }
    }
    // Its own device still answers: the refusal is about the scope, not the report.
    expect((await get(stranger.cookie, `/api/reports/${kind}?deviceId=${strangersDevice.id}&${range()}`)).status).toBe(200);
  }, 60_000);

  it("refuses a report the user's advanced permissions leave out (403) before anything streams, in JSON and xlsx", async () => {
    const server = await admin.ok<{ attributes: Json }>('GET', '/api/server');
    // Reports in general and trips only: no route history (bit 73), stops, events.
    const limited = await createUser('limited', { attributes: { 'rastro.advancedPerms': advancedPermissionsHex([['reports', 'view'], ['reports', 'trips']]) } });
    const device = await deviceWithFixes(limited.id);
    await admin.ok('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.enableAdvancedPerms': true } });
    try {
      for (const accept of ['application/json', XLSX]) {
        for (const kind of Object.keys(REPORT_KINDS).filter((name) => name !== 'trips')) {
          const answer = await get(limited.cookie, `/api/reports/${kind}?deviceId=${device.id}&${range()}`, accept);
          expect([kind, accept, answer.status, answer.json<{ code?: string }>().code]).toEqual([kind, accept, 403, 'WRITE_ACCESS_DENIED']);
        }
        expect((await get(limited.cookie, `/api/reports/trips?deviceId=${device.id}&${range()}`, accept)).status).toBe(200);
        // The route history by its other paths (positions over a period, their exports) is refused the same.
        expect((await get(limited.cookie, `/api/positions?deviceId=${device.id}&${range()}`, accept)).status).toBe(403);
        for (const format of ['csv', 'gpx', 'kml', 'kmz']) expect([format, (await get(limited.cookie, `/api/positions/${format}?deviceId=${device.id}&${range()}`, accept)).status]).toEqual([format, 403]);
      }
    } finally {
      await admin.ok('PUT', '/api/server', { ...server, attributes: server.attributes });
    }
  }, 60_000);

  it('refuses every non-canonical spelling of a report path before the pass-through (400), for a user the spelling would let by', async () => {
    const query = `?deviceId=${strangersDevice.id}&${range()}`;
    for (const spelling of ['/api/reports/Route', '/api/reports/%72oute', '/api/reports//route', '/api/reports/route/', '/api/reports/route;x=1', '/api//reports/route', '/api/reports/./route', '/api/x/../reports/route']) {
      const answer = await get(stranger.cookie, `${spelling}${query}`);
      expect([spelling, answer.status, answer.json<{ code?: string }>().code]).toEqual([spelling, 400, 'NON_CANONICAL_PATH']);
    }
  });

  it('once a device is hidden (removed in safe mode), no report or export answers anything of it, as JSON or xlsx', async () => {
    const server = await admin.ok<{ attributes: Json }>('GET', '/api/server');
    await admin.ok('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.safeDelete': true } });
    try {
      const gone = await deviceWithFixes(owner.id);
      expect((await owner.browser.call('DELETE', `/api/devices/${gone.id}`)).status).toBe(204);
      for (const accept of ['application/json', XLSX]) {
        const alone = await get(owner.cookie, `/api/reports/route?deviceId=${gone.id}&${range()}`, accept);
        expect([accept, alone.status]).toEqual([accept, 404]);
        const beside = await get(owner.cookie, `/api/reports/route?deviceId=${gone.id}&deviceId=${ownersDevice.id}&${range()}`, accept);
        expect([accept, beside.status]).toEqual([accept, 200]);
        // The visible device's fixes only (JSON read here; the spreadsheet was asked without the removed one).
        if (accept === 'application/json') expect(new Set(beside.json<Array<{ deviceId: number }>>().map((fix) => fix.deviceId))).toEqual(new Set([ownersDevice.id]));
      }
      expect((await get(owner.cookie, `/api/positions/gpx?deviceId=${gone.id}&${range()}`)).status).toBe(404);
      // Its group's route leaves it out, as JSON and as a spreadsheet (which the gateway cannot filter:
      // the removed device is out of its group, so the tracking server's expansion misses it).
      const byGroup = `/api/reports/route?groupId=${gone.groupId}&groupId=${ownersDevice.groupId}&${range()}`;
      expect((await owner.browser.ok<Array<{ deviceId: number }>>('GET', byGroup)).map((fix) => fix.deviceId)).not.toContain(gone.id);
      const sheet = sheetText((await get(owner.cookie, byGroup, XLSX)).body);
      expect([sheet.includes(ownersDevice.name), sheet.includes(gone.name)]).toEqual([true, false]);
    } finally {
      await admin.ok('PUT', '/api/server', { ...server, attributes: server.attributes });
    }
  }, 60_000);

  it('a device removed before safe deletes took it out of its group is taken out before any report is answered', async () => {
    const earlier = await deviceWithFixes(owner.id);
    // Straight to the tracking server, which the gateway's filters do not stand in front of.
    const direct = (method: string, path: string, body?: Json) =>
      fetch(`${tracker.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64')}` },
        body: body && JSON.stringify(body),
      });
    const stored = (await (await direct('GET', `/api/devices/${earlier.id}`)).json()) as Json;
    // As an older gateway left it: renamed, still in its group. (The gateway reads the removed devices
    // anew at the next report: the device was just created through it.)
    expect((await direct('PUT', `/api/devices/${earlier.id}`, { ...stored, uniqueId: softDeletedUniqueId(earlier.uniqueId) })).status).toBe(200);

    const sheet = sheetText((await get(owner.cookie, `/api/reports/route?groupId=${earlier.groupId}&groupId=${ownersDevice.groupId}&${range()}`, XLSX)).body);
    expect([sheet.includes(ownersDevice.name), sheet.includes(earlier.name)]).toEqual([true, false]);
    expect(((await (await direct('GET', `/api/devices/${earlier.id}`)).json()) as { groupId: number }).groupId).toBe(0);
  }, 60_000);
});
