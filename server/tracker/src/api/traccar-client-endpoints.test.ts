import JSZip from 'jszip';
import { demoAccount, startTracker, type RunningTracker } from '../index';
import { demoUserAccount } from '../seed/demo-accounts';
import { login } from '../test-support/tracker-client';

type Json = Record<string, unknown> & { id: number };

/** What a Traccar client meets on its ordinary screens beyond the basics (issue 15). */
describe('the Traccar endpoints a client pages, exports and audits with', () => {
  let tracker: RunningTracker;
  let admin: string;
  let regular: string;

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${tracker.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, type: response.headers.get('content-type') ?? '', disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const json = async <T = Json[]>(path: string, cookie = admin) => JSON.parse((await call(cookie, 'GET', path)).bytes.toString('utf8')) as T;
  const lastHour = () => `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 12, intervalMs: 600_000, seed: 3 } });
    admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    regular = await login(tracker.url, demoUserAccount.email, demoUserAccount.password);
  }, 60_000);

  afterAll(() => tracker?.close());

  it('pages devices and users by name with limit and offset, to an empty page at the end', async () => {
    const all = await json('/api/devices');
    const names = all.map((device) => String(device.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const pages: string[] = [];
    for (let offset = 0; ; offset += 5) {
      const page = await json(`/api/devices?limit=5&offset=${offset}`);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(5);
      pages.push(...page.map((device) => String(device.name)));
    }
    expect(pages).toEqual(names);

    const users = await json('/api/users');
    expect((await json('/api/users?limit=2&offset=1')).map((user) => user.id)).toEqual(users.slice(1, 3).map((user) => user.id));
    expect((await json('/api/users?keyword=MANAGER')).map((user) => user.email)).toEqual(['manager@rastro.demo']);
  });

  it('lists time zones to any signed-in user', async () => {
    const zones = await json<string[]>('/api/server/timezones', regular);
    expect(zones).toEqual(expect.arrayContaining(['America/Sao_Paulo', 'UTC', 'Europe/Lisbon']));
  });

  it("exports a device's route as CSV, GPX, KML and KMZ attachments", async () => {
    const [device] = await json('/api/devices');
    const query = `deviceId=${device?.id}&${lastHour()}`;
    const history = await json(`/api/positions?${query}`);
    expect(history.length).toBeGreaterThan(0);

    const csv = await call(admin, 'GET', `/api/positions/csv?${query}`);
    expect([csv.status, csv.type, csv.disposition]).toEqual([200, expect.stringContaining('text/csv'), 'attachment; filename=positions.csv']);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,deviceId,protocol,serverTime,deviceTime,fixTime,valid,latitude,longitude,altitude,speed,course,address,accuracy,/);
    expect(lines).toHaveLength(history.length + 1);

    const gpx = (await call(admin, 'GET', `/api/positions/gpx?${query}`)).bytes.toString('utf8');
    expect(gpx.match(/<trkpt /g)).toHaveLength(history.length);
    expect(gpx).toContain(`<name>${String(device?.name)}</name>`);

    const kml = await call(admin, 'GET', `/api/positions/kml?${query}`);
    expect(kml.type).toContain('application/vnd.google-earth.kml+xml');
    expect(kml.bytes.toString('utf8')).toMatch(/<coordinates>-?\d+\.\d{6},-?\d+\.\d{6},/);

    const kmz = await call(admin, 'GET', `/api/positions/kmz?${query}`);
    expect([kmz.type, kmz.disposition]).toEqual(['application/vnd.google-earth.kmz', 'attachment; filename=positions.kmz']);
    expect(await (await JSZip.loadAsync(kmz.bytes)).file('doc.kml')?.async('string')).toBe(kml.bytes.toString('utf8'));

    // A device the caller does not reach is refused.
    const reached = new Set((await json('/api/devices', regular)).map((visible) => visible.id));
    const other = (await json('/api/devices')).find((candidate) => !reached.has(candidate.id));
    const refused = await call(regular, 'GET', `/api/positions/gpx?deviceId=${other?.id}&${lastHour()}`);
    expect([refused.status, refused.bytes.toString('utf8')]).toEqual([400, 'Device access denied']);
  });

  it('answers the combined report with each device’s route and the positions of its events', async () => {
    const [device] = await json('/api/devices');
    const items = await json<Array<{ deviceId: number; route: number[][]; events: Json[]; positions: Json[] }>>(`/api/reports/combined?deviceId=${device?.id}&${lastHour()}`);
    expect(items).toHaveLength(1);
    expect(items[0]?.deviceId).toBe(device?.id);
    expect(items[0]?.route.length).toBeGreaterThan(0);
    expect(items[0]?.route[0]).toHaveLength(2);
    const eventPositions = new Set(items[0]?.events.map((event) => event.positionId));
    for (const position of items[0]?.positions ?? []) expect(eventPositions.has(position.id)).toBe(true);
  });

  it('keeps scheduled reports linked to their creator, devices and groups', async () => {
    const created = await call(admin, 'POST', '/api/reports', { type: 'trips', description: 'Viagens da semana', attributes: {} });
    const report = JSON.parse(created.bytes.toString('utf8')) as Json;
    expect(report).toMatchObject({ type: 'trips', description: 'Viagens da semana', calendarId: 0 });
    const [device] = await json('/api/devices');
    expect((await call(admin, 'POST', '/api/permissions', { deviceId: device?.id, reportId: report.id })).status).toBe(204);
    expect((await json(`/api/reports?deviceId=${device?.id}`)).map((linked) => linked.id)).toContain(report.id);
    expect((await json('/api/reports')).map((own) => own.id)).toContain(report.id);
    expect(await json('/api/reports', regular)).toEqual([]);
  });

  it('audits writes — who, what, when and from where — for administrators only', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const created = await call(admin, 'POST', '/api/groups', { name: 'Auditada' });
    const group = JSON.parse(created.bytes.toString('utf8')) as Json;
    await call(admin, 'PUT', `/api/groups/${group.id}`, { ...group, name: 'Auditada 2' });
    await call(admin, 'DELETE', `/api/groups/${group.id}`);
    const actions = await json(`/api/audit?from=${since}&to=${new Date(Date.now() + 1000).toISOString()}`);
    const onGroup = actions.filter((action) => action.objectType === 'group' && action.objectId === group.id);
    expect(onGroup.map((action) => action.actionType)).toEqual(['create', 'edit', 'remove']);
    expect(onGroup[0]).toMatchObject({ userEmail: demoAccount.email, address: expect.stringMatching(/127\.0\.0\.1/) });
    expect(actions).toContainEqual(expect.objectContaining({ actionType: 'link', objectType: 'user', attributes: { groupId: group.id } }));
    expect((await call(regular, 'GET', `/api/audit?${lastHour()}`)).status).toBe(400);
  });
});
