import type { Database } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import type { AuditPage, CreatedShare, Share } from '@rastro/shared/contract';
import Fastify from 'fastify';
import { AuditLog } from '../audit/audit-log';
import { startGateway, type RunningGateway } from '../gateway';
import { SecretBox } from '../integrations/secret-box';
import { JobQueue } from '../jobs/job-queue';
import { ProductRoutes } from '../product/product-routes';
import { gatewayDatabaseDrivers, useGatewayDatabase } from '../test-support/gateway-database-drivers';
import { send } from '../test-support/http';
import { signIn } from '../test-support/sign-in';
import { CallerResolver } from '../traccar/caller-resolver';
import { ServiceAccount } from '../traccar/service-account';
import { TraccarClient } from '../traccar/traccar-client';
import { registerSharesFeature } from './shares-feature';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
// The machine is shared: starting trackers and gateways can take a while.
jest.setTimeout(30_000);

// A body-less request says nothing of a body's type (Fastify refuses an empty JSON body).
const headersFor = (body: unknown) => (body === undefined ? { accept: 'application/json' } : JSON_HEADERS);
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/** A signed-in browser's cookie; a refused login fails the test at once. */
async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const cookie = await signIn(baseUrl, email, password);
  if (!cookie) throw new Error(`login of ${email} refused`);
  return cookie;
}

// Share links through the gateway, against the real tracker: the link's session sees exactly the
// shared devices and can change nothing.
describe('share links', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let admin: string;
  let user: string;
  let userDeviceIds: number[];

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    send(`${gateway.url}${path}`, { method, headers: { ...headersFor(body), cookie }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 6, intervalMs: 1000 }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password } });
    admin = await login(gateway.url, demoAccount.email, demoAccount.password);
    user = await login(gateway.url, 'user@rastro.demo', 'user');
    userDeviceIds = (await call('GET', '/api/devices', user)).json<{ id: number }[]>().map((device) => device.id);
  }, 30_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  const createShare = async (cookie: string, deviceIds: number[], expiresAt = inDays(2)) => call('POST', '/rastro/shares', cookie, { name: 'For the client', deviceIds, expiresAt });
  const shareLogin = (token: string) => send(`${gateway.url}/rastro/shares/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ token }) });

  it('a link for two devices signs in a session that sees exactly those two and can change nothing', async () => {
    expect(userDeviceIds.length).toBeGreaterThanOrEqual(3);
    const shared = userDeviceIds.slice(0, 2);
    const created = await createShare(user, shared);
    expect(created.status).toBe(200);
    const share = created.json<CreatedShare>();
    expect(share).toMatchObject({ name: 'For the client', deviceIds: shared, url: `/share/${share.token}` });
    expect(Buffer.from(share.token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const signedIn = await shareLogin(share.token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: share.userId, readonly: true, attributes: { isShared: true } });
    const cookie = (signedIn.headers['set-cookie'] ?? []).find((value) => value.startsWith('JSESSIONID='))?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');

    const seen = (await call('GET', '/api/devices', cookie)).json<{ id: number }[]>();
    expect(seen.map((device) => device.id).sort()).toEqual([...shared].sort());
    const device = seen[0] as { id: number };
    expect((await call('PUT', `/api/devices/${device.id}`, cookie, { ...device, name: 'Mine now' })).status).toBeGreaterThanOrEqual(400);
    expect((await call('POST', '/api/devices', cookie, { name: 'Extra', uniqueId: 'share-extra' })).status).toBeGreaterThanOrEqual(400);
    // …nor share further.
    const reshare = await createShare(cookie, [device.id]);
    expect(reshare.status).toBe(403);
    expect(reshare.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
  });

  it('lists shares without tokens: the owner its own, an administrator all, anyone else none', async () => {
    const share = (await createShare(user, [userDeviceIds[2] as number])).json<CreatedShare>();
    const own = (await call('GET', '/rastro/shares', user)).json<Share[]>();
    expect(own.map((listed) => listed.id)).toContain(share.id);
    expect(JSON.stringify(own)).not.toContain(share.token);
    expect(own.every((listed) => !('token' in listed))).toBe(true);
    expect((await call('GET', '/rastro/shares', admin)).json<Share[]>().map((listed) => listed.id)).toContain(share.id);
    const manager = await login(gateway.url, 'manager@rastro.demo', 'manager');
    expect((await call('GET', '/rastro/shares', manager)).json<Share[]>()).toEqual([]);
    expect((await call('DELETE', `/rastro/shares/${share.id}`, manager)).status).toBe(404);
  });

  it('a new link replaces the old one (only hashes are kept, so a link is never shown twice); only its owner asks for one', async () => {
    const share = (await createShare(user, [userDeviceIds[0] as number])).json<CreatedShare>();
    const manager = await login(gateway.url, 'manager@rastro.demo', 'manager');
    expect((await call('POST', `/rastro/shares/${share.id}/link`, manager)).status).toBe(404);
    const renewed = await call('POST', `/rastro/shares/${share.id}/link`, user);
    expect(renewed.status).toBe(200);
    const fresh = renewed.json<CreatedShare>();
    expect(fresh).toMatchObject({ id: share.id, expiresAt: share.expiresAt, url: `/share/${fresh.token}` });
    expect(fresh.token).not.toBe(share.token);
    expect((await shareLogin(fresh.token)).status).toBe(200);
    expect((await shareLogin(share.token)).json()).toMatchObject({ code: 'INVALID_SHARE' });
  });

  it('refuses a device the user does not reach, and stores nothing', async () => {
    const others = (await call('GET', '/api/devices?all=true', admin)).json<{ id: number }[]>().map((device) => device.id).filter((id) => !userDeviceIds.includes(id));
    const before = (await call('GET', '/rastro/shares', user)).json<Share[]>().length;
    const refused = await createShare(user, [userDeviceIds[0] as number, others[0] as number]);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED', fields: ['deviceIds'] });
    expect((await call('GET', '/rastro/shares', user)).json<Share[]>()).toHaveLength(before);
  });

  it('validates the expiry: in the future, at most 30 days ahead', async () => {
    for (const expiresAt of [inDays(-1), inDays(31), 'tomorrow']) {
      const refused = await createShare(user, [userDeviceIds[0] as number], expiresAt);
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['expiresAt'] });
    }
    expect((await createShare(user, [], inDays(1))).json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['deviceIds'] });
  });

  it('an unknown or expired link answers INVALID_SHARE', async () => {
    expect((await shareLogin('not-a-real-token')).json()).toMatchObject({ code: 'INVALID_SHARE' });
    const share = (await createShare(user, [userDeviceIds[0] as number], new Date(Date.now() + 1_200).toISOString())).json<CreatedShare>();
    expect((await shareLogin(share.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const expired = await shareLogin(share.token);
    expect(expired.status).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'INVALID_SHARE' });
  });

  it('changing a link moves its devices; deleting it removes its tracker user; both are in the audit log', async () => {
    const share = (await createShare(user, [userDeviceIds[0] as number])).json<CreatedShare>();
    const updated = await call('PUT', `/rastro/shares/${share.id}`, user, { name: 'Renamed link', deviceIds: [userDeviceIds[1] as number], expiresAt: inDays(3) });
    expect(updated.json()).toMatchObject({ name: 'Renamed link', deviceIds: [userDeviceIds[1]] });
    const session = (await shareLogin(share.token)).headers['set-cookie']?.[0]?.split(';')[0] ?? '';
    expect((await call('GET', '/api/devices', session)).json<{ id: number }[]>().map((device) => device.id)).toEqual([userDeviceIds[1]]);

    expect((await call('DELETE', `/rastro/shares/${share.id}`, user)).status).toBe(204);
    expect((await call('GET', `/api/users/${share.userId}`, admin)).status).toBe(404);
    expect((await shareLogin(share.token)).json()).toMatchObject({ code: 'INVALID_SHARE' });

    const logs = (await call('GET', `/rastro/server/logs?objectType=share`, admin)).json<AuditPage>();
    const actions = logs.items.filter((item) => item.objectId === share.id).map((item) => item.action);
    expect(actions).toEqual(['delete', 'login', 'update', 'create']);
  });
});

// The cleanup job on its own database, against the same kind of tracker, so the test can expire a share.
describe.each(gatewayDatabaseDrivers)('expired share cleanup on $driver', (drivers) => {
  const { skip, test, db: database } = useGatewayDatabase(drivers);
  let tracker: RunningTracker;
  let db: Database;

  beforeAll(async () => {
    if (skip) return;
    db = database();
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 1000 }, logger: false });
  }, 30_000);

  afterAll(async () => {
    await tracker?.close();
  });

  test('removes the expired share and its tracker user, and keeps the others', async () => {
    const traccar = new TraccarClient(tracker.url);
    const serviceAccount = new ServiceAccount(traccar, { user: demoAccount.email, password: demoAccount.password });
    const jobs = new JobQueue(db, { pollIntervalMs: 20 });
    const audit = new AuditLog(db);
    const app = Fastify();
    const shares = await registerSharesFeature(app, new ProductRoutes(), {
      db,
      traccar,
      callers: new CallerResolver(traccar),
      serviceAccount,
      secrets: new SecretBox(SecretBox.generateKey()),
      audit,
      jobs,
      edition: 'paid',
    });
    const adminCookie = await login(tracker.url, demoAccount.email, demoAccount.password);
    const [deviceId] = (await traccar.json<{ id: number }[]>({ path: '/api/devices', credentials: { cookie: adminCookie } })).map((device) => device.id);
    const fakeRequest = { headers: { cookie: adminCookie }, socket: {} } as unknown as Parameters<typeof shares.create>[2];
    const caller = await serviceAccount.json<Parameters<typeof shares.create>[0]>({ path: '/api/session' });
    const expiring = await shares.create(caller, { name: 'Expiring', deviceIds: [deviceId as number], expiresAt: inDays(1) }, fakeRequest);
    const lasting = await shares.create(caller, { name: 'Lasting', deviceIds: [deviceId as number], expiresAt: inDays(1) }, fakeRequest);
    await db.query("UPDATE rastro_shares SET expires_at = now() - interval '1 minute' WHERE id = $1", [expiring.id]);

    await jobs.start();
    try {
      const deadline = Date.now() + 5_000;
      while ((await shares.list(caller)).length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await jobs.stop();
      await app.close();
    }
    expect((await shares.list(caller)).map((share) => share.id)).toEqual([lasting.id]);
    const users = await serviceAccount.json<{ id: number }[]>({ path: '/api/users' });
    expect(users.map((found) => found.id)).not.toContain(expiring.userId);
    expect(users.map((found) => found.id)).toContain(lasting.userId);
    const logged = await audit.list({ kind: 'server' }, { limit: 10, objectType: 'share', action: 'delete' });
    expect(logged.items).toEqual([expect.objectContaining({ objectId: expiring.id, userId: null, changes: { reason: 'expired' } })]);
  });
});
