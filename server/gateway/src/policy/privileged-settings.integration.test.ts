import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';
import { Browser, unique, type Json } from '../test-support/policy-browser';

type Account = { id: number; browser: Browser };

// Issue 14: an ordinary user set `rastro.billing.trustUnlock` and `trustDays: 365` on himself and
// unlocked his own suspension for a year. The table in @rastro/shared/contract says who may change
// what; here every way of writing a user is tried against it, and the tracker is read behind the gateway.
describe('privileged user settings (the shared table) on every write of a user', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let admin: Browser;
  let adminDirect: Browser;
  let user: Account;
  let manager: Account;
  let managed: Account;

  async function createUser(by: Browser, name: string, fields: Json): Promise<Account> {
    const email = `${unique(name)}@privilege.test`;
    const created = await by.ok<{ id: number }>('POST', '/api/users', { name, email, password: 'secret1', ...fields });
    return { id: created.id, browser: await Browser.signIn(gateway.url, email, 'secret1') };
  }
  const stored = (id: number) => adminDirect.ok<Json & { attributes: Json; readonly?: boolean }>('GET', `/api/users/${id}`);

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, serviceAccount: { user: demoAccount.email, password: demoAccount.password } });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    adminDirect = await Browser.signIn(tracker.url, demoAccount.email, demoAccount.password);
    user = await createUser(admin, 'ordinary', {});
    manager = await createUser(admin, 'manager', { userLimit: 5 });
    managed = await createUser(manager.browser, 'managed', {});
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  it('an ordinary user cannot give himself a trust unlock (the reported escalation), nor any billing field', async () => {
    const self = await stored(user.id);
    const attempt = await user.browser.call('PUT', `/api/users/${user.id}`, { ...self, attributes: { ...self.attributes, 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 365 } });
    expect(attempt.status).toBe(403);
    expect(attempt.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    const priced = await user.browser.call('PUT', `/api/users/${user.id}`, { ...self, attributes: { ...self.attributes, 'rastro.billing.price': 0 } });
    expect(priced.status).toBe(403);
    expect((await stored(user.id)).attributes).toEqual(self.attributes);
  });

  it('"my account": a user changes his own name, phone, password and preferences, never his powers, limits, restrictions or expiry', async () => {
    const own = await createUser(admin, 'self editor', { readonly: true, deviceLimit: 2, expirationTime: new Date(Date.now() + 86_400_000).toISOString() });
    const self = await stored(own.id);
    const preferences = { ...self, name: 'Self Editor', phone: '+5511999990000', password: 'secret2', twelveHourFormat: true, coordinateFormat: 'dms', attributes: { ...self.attributes, speedUnit: 'mph', 'rastro.lang': 'es' } };
    expect((await own.browser.call('PUT', `/api/users/${own.id}`, preferences)).status).toBe(200);
    expect(await stored(own.id)).toMatchObject({ name: 'Self Editor', phone: '+5511999990000', attributes: { speedUnit: 'mph', 'rastro.lang': 'es' } });
    const current = await stored(own.id);
    for (const change of [{ administrator: true }, { deviceLimit: -1 }, { userLimit: 10 }, { readonly: false }]) {
      const attempt = await own.browser.call('PUT', `/api/users/${own.id}`, { ...current, ...change });
      expect([attempt.status, change]).toEqual([403, change]);
    }
    // The expiry is the tracking server's own rule (Traccar's checkUserUpdate: none past the caller's own), passed through.
    for (const change of [{ expirationTime: null }, { expirationTime: new Date(Date.now() + 30 * 86_400_000).toISOString() }]) {
      const attempt = await own.browser.call('PUT', `/api/users/${own.id}`, { ...current, ...change });
      expect([attempt.status, change]).toEqual([400, change]);
    }
    expect(await stored(own.id)).toMatchObject({ administrator: false, deviceLimit: 2, readonly: true, expirationTime: current.expirationTime });
  });

  it('a manager sets the restrictions of the users below it, but neither billing nor QR fields, and no restriction of its own', async () => {
    const sub = await stored(managed.id);
    expect((await manager.browser.call('PUT', `/api/users/${managed.id}`, { ...sub, readonly: true })).status).toBe(200);
    const billing = await manager.browser.call('PUT', `/api/users/${managed.id}`, { ...sub, readonly: true, attributes: { ...sub.attributes, 'rastro.billing.trustUnlock': true } });
    expect(billing.status).toBe(403);
    const qr = await manager.browser.call('POST', '/api/users', { name: 'Driver', email: `${unique('qr')}@privilege.test`, password: 'secret1', attributes: { 'rastro.qrOwnerId': 1 } });
    expect(qr.status).toBe(403);
    const own = await stored(manager.id);
    const restrictSelf = await manager.browser.call('PUT', `/api/users/${manager.id}`, { ...own, deviceReadonly: true });
    expect(restrictSelf.status).toBe(403);
    expect(restrictSelf.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    expect((await stored(managed.id)).attributes).not.toHaveProperty('rastro.billing.trustUnlock');
  });

  it("an edit must name the account of its path: Traccar acts on the body's id", async () => {
    const other = await stored(managed.id);
    const response = await user.browser.call('PUT', `/api/users/${user.id}`, { ...other, attributes: { 'rastro.reseller': true } });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('a visitor registering grants itself nothing', async () => {
    const response = await send(`${gateway.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: 'Visitor', email: `${unique('visitor')}@privilege.test`, password: 'secret1', attributes: { 'rastro.advancedPerms': 'ffffffffffffffffffffffffffffffff' } }),
    });
    expect(response.status).toBe(403);
  });

  it('an administrator sets them all', async () => {
    const self = await stored(user.id);
    const granted = await admin.call('PUT', `/api/users/${user.id}`, { ...self, attributes: { ...self.attributes, 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 3 } });
    expect(granted.status).toBe(200);
    // Sent back unchanged by the user himself (a profile edit): no change, allowed.
    expect((await user.browser.call('PUT', `/api/users/${user.id}`, { ...(granted.json() as Json), phone: '+55 11 4444-0000' })).status).toBe(200);
  });
});
