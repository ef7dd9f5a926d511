import { isSoftDeletedUniqueId, socketMessageSchema } from '@rastro/shared/contract';
import type { Database } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { ACCOUNT_SUSPENDED } from '../proxy/socket-relay';
import { gatewayDatabaseDrivers, useSharedGatewayDatabase } from '../test-support/gateway-database-drivers';
import { Browser, newDevice, unique, type Json } from '../test-support/policy-browser';
import { openSocket } from '../test-support/socket-client';

jest.setTimeout(30_000);

// Two gateways of one installation, sharing a database, in front of the real tracker: what one
// gateway does (a suspension, a safe delete) reaches the sockets the other one holds open.
describe('two gateways sharing one database', () => {
  let tracker: RunningTracker;
  /** The demo administrator, signed in through the tracker itself (the session works through any gateway). */
  let admin: Browser;

  const startGatewayOn = (database: Database) =>
    startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password }, database });

  async function newUser(): Promise<{ id: number; browser: Browser }> {
    const email = `${unique('cluster')}@cluster.test`;
    const created = await admin.ok<{ id: number }>('POST', '/api/users', { name: `Cluster ${email}`, email, password: 'secret1' });
    return { id: created.id, browser: await Browser.signIn(tracker.url, email, 'secret1') };
  }

  /** A fix of this device, as the OsmAnd phone app reports it. */
  const report = async (uniqueId: string) => {
    const query = new URLSearchParams({ id: uniqueId, lat: '-23.55', lon: '-46.63', timestamp: new Date().toISOString() });
    expect((await fetch(`${tracker.osmandUrl}/?${query.toString()}`)).status).toBe(200);
  };
  const socketOn = (gateway: RunningGateway, browser: Browser) => openSocket(`${gateway.url.replace('http', 'ws')}/api/socket`, { cookie: browser.cookie });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 2, intervalMs: 1000 }, logger: false });
    admin = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
    const server = await admin.ok<Json & { attributes: Json }>('GET', '/api/server');
    await admin.ok('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.safeDelete': true } });
  }, 60_000);

  afterAll(() => tracker?.close());

  describe.each(gatewayDatabaseDrivers)('on $driver', (driver) => {
    let a: RunningGateway;
    let b: RunningGateway;
    // Declared before the database's own hooks, so it runs first: the gateways stop before their database closes.
    afterAll(() => Promise.all([a?.close(), b?.close()]));
    // On PGlite (in one process) both gateways share the one embedded database; on PostgreSQL each has its own pool and listening connection.
    const { skip, test, first, second } = useSharedGatewayDatabase(driver);

    beforeAll(async () => {
      if (skip) return;
      [a, b] = await Promise.all([startGatewayOn(first()), startGatewayOn(second())]);
    }, 60_000);

    test('a suspension through one gateway closes the user’s socket on the other, which refuses a new one until reactivated', async () => {
      const customer = await newUser();
      const setState = (state: 'active' | 'suspended') =>
        admin.at(a.url).ok('PUT', `/rastro/users/${customer.id}/account-state`, { state, reason: state === 'suspended' ? 'Invoice 12 overdue' : null });
      const live = await socketOn(b, customer.browser);
      const bystander = await socketOn(b, admin);

      await setState('suspended');
      expect(await live.closed).toBe(ACCOUNT_SUSPENDED);
      // The other gateway had just seen the account active: it reads the state anew, without waiting for its cache.
      await expect(socketOn(b, customer.browser)).rejects.toThrow('HTTP 401');
      expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
      bystander.socket.close();

      await setState('active');
      (await socketOn(b, customer.browser)).socket.close();
    });

    test('a safe delete through one gateway tells the browsers of both that saw the device, each once', async () => {
      const owner = await newUser();
      const [gone, kept] = [await admin.ok<{ id: number }>('POST', '/api/devices', newDevice()), await admin.ok<{ id: number; uniqueId: string }>('POST', '/api/devices', newDevice())];
      for (const device of [gone, kept]) await admin.ok('POST', '/api/permissions', { userId: owner.id, deviceId: device.id });
      const [onA, onB] = [await socketOn(a, owner.browser), await socketOn(b, owner.browser)];
      await Promise.all([onA.next(), onB.next()]); // the initial positions

      expect((await owner.browser.at(a.url).call('DELETE', `/api/devices/${gone.id}`)).status).toBe(204);
      for (const socket of [onA, onB]) {
        const told = socketMessageSchema.parse(await socket.next());
        expect(told.devices?.map((removed) => [removed.id, isSoftDeletedUniqueId(removed.uniqueId)])).toEqual([[gone.id, true]]);
      }
      // The deleting gateway hears its own notification too: it must not tell its browser again.
      await report(kept.uniqueId);
      for (;;) {
        const message = socketMessageSchema.parse(await onA.next());
        expect((message.devices ?? []).map((device) => device.id)).not.toContain(gone.id);
        if (message.positions?.some((position) => position.deviceId === kept.id)) break;
      }
      onA.socket.close();
      onB.socket.close();
    });

    test('server settings are checked, and once saved through one gateway every open browser of both is told to read them again', async () => {
      const viewer = await newUser();
      const [onA, onB] = [await socketOn(a, viewer.browser), await socketOn(b, viewer.browser)];
      const server = await admin.ok<Json & { attributes: Json }>('GET', '/api/server');
      const through = admin.at(a.url);
      const refused = await through.call('PUT', '/api/server', { ...server, zoom: 99, attributes: { ...server.attributes, 'rastro.lang': 'fr', 'web.selectZoom': '12' } });
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['zoom', 'attributes.rastro.lang'] });

      expect((await through.call('PUT', '/api/server', { ...server, twelveHourFormat: true })).status).toBe(200);
      for (const socket of [onA, onB]) {
        for (;;) {
          const message = socketMessageSchema.parse(await socket.next());
          if (message.serverChanged) break;
        }
      }
      expect((await admin.at(b.url).ok<{ twelveHourFormat: boolean }>('GET', '/api/server')).twelveHourFormat).toBe(true);
      await through.ok('PUT', '/api/server', server);
      onA.socket.close();
      onB.socket.close();
    });
  });
});
