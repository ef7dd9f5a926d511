import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import type { AuditPage } from '@rastro/shared/contract';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';
import { signIn } from '../test-support/sign-in';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
// The machine is shared: starting trackers and gateways can take a while.
jest.setTimeout(30_000);

// A body-less request says nothing of a body's type (Fastify refuses an empty JSON body).
const headersFor = (body: unknown) => (body === undefined ? { accept: 'application/json' } : JSON_HEADERS);

/** A signed-in browser's cookie; a refused login fails the test at once. */
async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const cookie = await signIn(baseUrl, email, password);
  if (!cookie) throw new Error(`login of ${email} refused`);
  return cookie;
}

/** Writes are recorded once answered: wait for the log to catch up. */
async function logsUntil(read: () => Promise<AuditPage>, count: number): Promise<AuditPage> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const page = await read();
    if (page.items.length >= count || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Writes made through the gateway's /api proxy, read back from the advanced logs.
describe('audit log of writes through the gateway', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let cookie: string;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 1000 }, logger: false });
    // Behind a proxy on this machine and a load balancer on 10/8: the address is the client they name.
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    cookie = await login(gateway.url, demoAccount.email, demoAccount.password);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    send(`${gateway.url}${path}`, {
      method,
      headers: { ...headersFor(body), cookie, host: 'fleet.example.com:8080', 'x-forwarded-for': '198.51.100.7, 10.0.0.2' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const logs = async (path: string, as = cookie) => {
    const response = await send(`${gateway.url}/rastro${path}`, { headers: { cookie: as, accept: 'application/json' } });
    return response;
  };

  it('a device created, updated and deleted through /api shows in its logs with the actor, domain, address and changes', async () => {
    const created = await api('POST', '/api/devices', { name: 'Van 12', uniqueId: 'audit-van-12' });
    expect(created.status).toBe(200);
    const device = created.json<{ id: number; name: string; uniqueId: string }>();
    expect((await api('PUT', `/api/devices/${device.id}`, { ...device, name: 'Van 12 (blue)' })).status).toBe(200);
    expect((await api('DELETE', `/api/devices/${device.id}`)).status).toBe(204);

    const page = await logsUntil(async () => (await logs(`/devices/${device.id}/logs`)).json<AuditPage>(), 3);
    expect(page.items).toHaveLength(3);
    const [deleted, updated, create] = page.items;
    for (const item of page.items) {
      expect(item).toMatchObject({ userEmail: demoAccount.email, domain: 'fleet.example.com', clientIp: '198.51.100.7', objectType: 'device', objectId: device.id, deviceId: device.id });
    }
    expect(create).toMatchObject({ action: 'create', changes: { name: 'Van 12', uniqueId: 'audit-van-12' } });
    expect(updated).toMatchObject({ action: 'update', changes: { name: 'Van 12 (blue)' }, before: { name: 'Van 12' } });
    expect(deleted).toMatchObject({ action: 'delete', before: { name: 'Van 12 (blue)' } });
  });

  it('pages and filters over HTTP, and validates the query', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie']) expect((await api('POST', '/api/groups', { name })).status).toBe(200);
    const groups = await logsUntil(async () => (await logs('/server/logs?objectType=group&limit=2')).json<AuditPage>(), 2);
    expect(groups).toMatchObject({ limit: 2, nextCursor: expect.any(String) });
    expect(groups.items.map((item) => (item.changes as { name: string }).name)).toEqual(['Charlie', 'Bravo']);
    const second = (await logs(`/server/logs?objectType=group&limit=2&cursor=${groups.nextCursor ?? ''}`)).json<AuditPage>();
    expect(second.items.map((item) => (item.changes as { name: string }).name)).toEqual(['Alpha']);
    expect(second.nextCursor).toBeNull();
    expect((await logs('/server/logs?action=delete&objectType=group')).json<AuditPage>().items).toHaveLength(0);
    const badCursor = await logs('/server/logs?cursor=page-2');
    expect(badCursor.status).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['cursor'] });
    const tooMany = await logs('/server/logs?limit=500');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['limit'] });
  });

  it("records logins under the user, without the password", async () => {
    const me = (await send(`${gateway.url}/api/session`, { headers: { cookie, accept: 'application/json' } })).json<{ id: number }>();
    const page = await logsUntil(async () => (await logs(`/users/${me.id}/logs?action=login`)).json<AuditPage>(), 1);
    expect(page.items[0]).toMatchObject({ action: 'login', userId: me.id, changes: { email: demoAccount.email, password: '[redacted]' } });
    expect(JSON.stringify(page)).not.toContain(demoAccount.password === 'admin' ? '"admin"' : demoAccount.password);
  });

  it('refuses anyone but an administrator', async () => {
    const user = await login(gateway.url, 'user@rastro.demo', 'user');
    const refused = await logs('/server/logs', user);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    expect((await logs('/devices/1/logs', user)).status).toBe(403);
    expect((await logs('/server/logs', '')).status).toBe(401);
  });

  it('is part of the paid edition only', async () => {
    const free = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, edition: 'free' });
    try {
      const response = await send(`${free.url}/rastro/server/logs`, { headers: { cookie, accept: 'application/json' } });
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PAID_EDITION_REQUIRED' });
    } finally {
      await free.close();
    }
  });
});
