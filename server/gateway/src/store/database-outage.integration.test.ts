import { createScratchDatabase, startTcpRelay, type ScratchDatabase, type TcpRelay } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import type { RawResponse } from '../test-support/http';
import { Browser, newDevice, unique, type Json } from '../test-support/policy-browser';

const serverUrl = process.env.TEST_DATABASE_URL;
const QUERY_TIMEOUT_MS = 2_000;
const codeOf = (response: RawResponse) => [response.status, response.headers['content-type']?.includes('json') ? response.json<{ code?: string }>().code : response.text.slice(0, 80)];

// Issue 14: the gateway's PostgreSQL goes away mid-run (every connection cut, new ones refused) and
// comes back. Each request needing it gets a clear 503 DATABASE_UNAVAILABLE at once — no 500, no
// hang, no crash — nothing is left half-written here or on the tracking server, and the gateway
// works again as soon as the database is back, without a restart. The same when it freezes instead:
// connections stay open and nothing answers, and the query timeout turns the wait into a 503.
(serverUrl ? describe : describe.skip)('the gateway database going away and coming back', () => {
  let tracker: RunningTracker;
  let scratch: ScratchDatabase;
  let relay: TcpRelay;
  let gateway: RunningGateway;
  let admin: Browser;
  let adminDirect: Browser;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    const databaseUrl = new URL(scratch.url);
    relay = await startTcpRelay({ host: databaseUrl.hostname, port: Number(databaseUrl.port) });
    databaseUrl.host = `127.0.0.1:${relay.port}`;
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      webRoot: '/nonexistent',
      logger: false,
      databaseUrl: databaseUrl.toString(),
      // With a licence limit every device creation is counted under a lock held in the database.
      licenseDeviceLimit: 1_000,
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
      jobPollIntervalMs: 200,
      databaseQueryTimeoutMs: QUERY_TIMEOUT_MS,
    });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    adminDirect = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
  }, 120_000);

  afterAll(async () => {
    relay?.restore();
    await gateway?.close();
    await tracker?.close();
    await relay?.close();
    await scratch?.drop();
  });

  const appName = async () => (await admin.ok<{ appName: string }>('GET', '/rastro/theme')).appName;
  /** Saves the theme until the database answers again (within 30 s), and reads it back. */
  const themeOnceBack = async (name: string) => {
    let after: RawResponse | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      after = await admin.call('PUT', '/rastro/theme', { appName: name });
      if (after.status === 200) break;
    }
    expect(after?.status).toBe(200);
    expect(await appName()).toBe(name);
  };
  const trackerUsers = async () => (await adminDirect.ok<Json[]>('GET', '/api/users')).length;
  const deviceNamed = async (name: string) => (await adminDirect.ok<Json[]>('GET', '/api/devices?all=true')).some((device) => device.name === name);

  it('answers 503 DATABASE_UNAVAILABLE while it is gone, writes nothing, and recovers when it is back', async () => {
    expect((await admin.call('PUT', '/rastro/theme', { appName: 'Before the outage' })).status).toBe(200);
    const device = await admin.ok<Json & { id: number }>('POST', '/api/devices', newDevice());
    const usersBefore = await trackerUsers();

    // The caller's account state, read just now, is what the gateway judges the next request by.
    await admin.ok('GET', `/api/devices/${device.id}`);
    relay.cut();
    const started = Date.now();
    // First, while the caller's state read a moment ago is still fresh: an edit needs no count, yet
    // is refused, since its audit row could not be written afterwards (the tracking server would keep
    // a change nobody recorded).
    const renamed = unique('Renamed during the outage ');
    expect(codeOf(await admin.call('PUT', `/api/devices/${device.id}`, { ...device, name: renamed }))).toEqual([503, 'DATABASE_UNAVAILABLE']);
    const theme = await admin.call('PUT', '/rastro/theme', { appName: 'During the outage' });
    expect(codeOf(theme)).toEqual([503, 'DATABASE_UNAVAILABLE']);
    expect(theme.headers['retry-after']).toBe('5');
    // A share is a tracker user and a row here: the user made before the row failed is removed again.
    const share = await admin.call('POST', '/rastro/shares', { name: 'Outage share', deviceIds: [device.id], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(codeOf(share)).toEqual([503, 'DATABASE_UNAVAILABLE']);
    // Through /api: the write policy counts creations in the database; the tracking server is not asked.
    const name = unique('Outage van ');
    expect(codeOf(await admin.call('POST', '/api/devices', { name, uniqueId: unique('outage') }))).toEqual([503, 'DATABASE_UNAVAILABLE']);
    // A password guess cannot be counted, so it is not tried.
    const guess = await Browser.signIn(gateway.url, demoAccount.email, 'wrong').catch((error: Error) => error.message);
    expect(guess).toMatch(/ 503 .*DATABASE_UNAVAILABLE/);
    expect(Date.now() - started).toBeLessThan(20_000);
    // What does not need the database still answers. A read through /api asks whether its user is
    // suspended: answered from the account state the gateway saw a moment ago, else refused plainly.
    expect((await admin.call('GET', '/rastro/health')).status).toBe(200);
    expect([[200, undefined], [503, 'DATABASE_UNAVAILABLE']]).toContainEqual(codeOf(await admin.call('GET', `/api/devices/${device.id}`)));

    relay.restore();
    // Back without a restart: the pool opens new connections on the next request.
    await themeOnceBack('After the outage');
    expect(await trackerUsers()).toBe(usersBefore);
    expect(await deviceNamed(name)).toBe(false);
    expect(await deviceNamed(renamed)).toBe(false);
    expect((await admin.call('GET', '/rastro/shares')).json<unknown[]>()).toEqual([]);
    expect((await admin.call('POST', '/api/devices', { name, uniqueId: unique('after') })).status).toBe(200);
    expect((await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password)).cookie).toMatch(/^JSESSIONID=/);
  }, 120_000);

  it('answers 503 DATABASE_UNAVAILABLE soon after the query timeout when the database freezes with its connections open, and recovers', async () => {
    expect((await admin.call('PUT', '/rastro/theme', { appName: 'Before the freeze' })).status).toBe(200);
    relay.freeze();
    const started = Date.now();
    const theme = await admin.call('PUT', '/rastro/theme', { appName: 'During the freeze' });
    expect(codeOf(theme)).toEqual([503, 'DATABASE_UNAVAILABLE']);
    // The statement's timeout and the cancellation's grace, or a new connection's own timeout: not forever.
    expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 8_000);

    relay.restore();
    await themeOnceBack('After the freeze');
  }, 120_000);
});
