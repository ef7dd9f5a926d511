import type { Database } from '@rastro/db';
import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { WAY_BACK_HEADER } from '@rastro/shared/contract';
import { sessionHashOf, WayBackStore } from '../acting-as/way-back-store';
import { startGateway, type RunningGateway } from '../gateway';
import { openGatewayDatabase } from '../store/gateway-database';
import { Browser, unique } from '../test-support/policy-browser';

// Issue 17: "log in as" (POST /api/session/{id}) opens another user's session; the gateway lets
// administrators do it, and managers over the users below them, never towards an administrator.
describe('user rules: log in as another user, billing tax id', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let db: Database;
  let admin: Browser;

  const create = async (by: Browser, name: string, fields: Record<string, unknown> = {}) => {
    const email = `${unique(name)}@log-in-as.test`;
    const { id } = await by.ok<{ id: number }>('POST', '/api/users', { name, email, password: 'secret1', deviceLimit: -1, ...fields });
    return { id, email };
  };
  const signIn = (email: string) => Browser.signIn(gateway.url, email, 'secret1');

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    db = await openGatewayDatabase({});
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: '/nonexistent', logger: false, database: db, serviceAccount: { user: demoAccount.email, password: demoAccount.password } });
    admin = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await db?.close();
    await tracker?.close();
  });

  it('a manager acts as a user below it, and the session is that user at once', async () => {
    const manager = await create(admin, 'manager', { userLimit: 3, deviceLimit: 0 });
    const managerBrowser = await signIn(manager.email);
    const { id: managed } = await managerBrowser.ok<{ id: number }>('POST', '/api/users', { name: 'Below', email: `${unique('below')}@log-in-as.test`, password: 'secret1' });
    // Asked once before: the gateway remembers who the cookie named.
    expect(await managerBrowser.ok('GET', '/api/session')).toMatchObject({ id: manager.id });
    const switched = await managerBrowser.call('POST', `/api/session/${managed}`);
    expect(switched.status).toBe(200);
    expect(switched.json()).toMatchObject({ id: managed });
    const cookie = ([] as string[]).concat(switched.headers['set-cookie'] ?? []).find((value) => value.startsWith('JSESSIONID='))?.split(';')[0] as string;
    expect(await new Browser(gateway.url, cookie).ok('GET', '/api/session')).toMatchObject({ id: managed });
    // The manager's own session is over, for the tracking server and the gateway alike.
    expect((await managerBrowser.call('GET', '/api/devices')).status).toBe(401);
  });

  it('refuses an ordinary user, a manager towards somebody it does not manage or an administrator, with LOG_IN_AS_DENIED', async () => {
    const ordinary = await create(admin, 'ordinary');
    const stranger = await create(admin, 'stranger');
    const manager = await create(admin, 'boss', { userLimit: 5 });
    const adminBelow = await create(admin, 'adminbelow', { administrator: true });
    // An administrator the manager manages still is out of its powers.
    await admin.ok('POST', '/api/permissions', { userId: manager.id, managedUserId: adminBelow.id });
    const managerBrowser = await signIn(manager.email);
    const ordinaryBrowser = await signIn(ordinary.email);

    for (const [browser, target] of [
      [ordinaryBrowser, stranger.id],
      [managerBrowser, stranger.id],
      [managerBrowser, adminBelow.id],
    ] as const) {
      const refused = await browser.call('POST', `/api/session/${target}`);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'LOG_IN_AS_DENIED' });
    }
    // Still themselves.
    expect(await managerBrowser.ok('GET', '/api/session')).toMatchObject({ id: manager.id });
  });

  it('an administrator acts as anybody', async () => {
    const someone = await create(admin, 'someone');
    const adminBrowser = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
    expect(await adminBrowser.ok('POST', `/api/session/${someone.id}`)).toMatchObject({ id: someone.id });
  });

  it('the way back from "log in as" works once, only from the session acting, and not once that session signed out or it expired', async () => {
    const someone = await create(admin, 'actedupon');
    const cookieOf = (response: { headers: Record<string, string | string[] | undefined> }) =>
      ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('JSESSIONID='))?.split(';')[0] as string;
    /** An administrator's fresh session acts as `someone`: the acting session and the way back its answer carried. */
    const actAs = async () => {
      const own = await Browser.signIn(gateway.url, demoAccount.email, demoAccount.password);
      const switched = await own.call('POST', `/api/session/${someone.id}`);
      expect(switched.status).toBe(200);
      const token = switched.headers[WAY_BACK_HEADER];
      expect(token).toEqual(expect.stringMatching(/^[\w-]{40,}$/));
      return { token: String(token), acting: new Browser(gateway.url, cookieOf(switched)) };
    };
    const wayBack = (browser: Browser, token: string) => browser.call('POST', '/rastro/session/way-back', { token });
    const refusedCode = async (response: Promise<{ status: number; json(): unknown }>) => {
      const answer = await response;
      return [answer.status, (answer.json() as { code?: string }).code];
    };
    const adminSelf = await admin.ok<{ id: number }>('GET', '/api/session');

    // Shown from another session of the same user (a stolen token), it is refused, and spent.
    const stolen = await actAs();
    expect(await refusedCode(wayBack(await signIn(someone.email), stolen.token))).toEqual([403, 'WAY_BACK_INVALID']);
    expect(await refusedCode(wayBack(stolen.acting, stolen.token))).toEqual([403, 'WAY_BACK_INVALID']);

    // Taken from the acting session: the administrator's own new session, and the acting one is over.
    const first = await actAs();
    const back = await wayBack(first.acting, first.token);
    expect(back.status).toBe(200);
    expect(back.json()).toMatchObject({ id: adminSelf.id });
    expect(await new Browser(gateway.url, cookieOf(back)).ok('GET', '/api/session')).toMatchObject({ id: adminSelf.id });
    expect((await first.acting.call('GET', '/api/devices')).status).toBe(401);
    // Used: refused even from a live session acting as the same user.
    const second = await actAs();
    expect(await refusedCode(wayBack(second.acting, first.token))).toEqual([403, 'WAY_BACK_INVALID']);

    // Signing the acting session out ends its way back (the table forgets it).
    const ways = async () => Number((await db.query<{ count: unknown }>('SELECT count(*) AS count FROM rastro_way_backs'))[0]?.count);
    const before = await ways();
    expect((await second.acting.call('DELETE', '/api/session')).status).toBe(204);
    expect(await ways()).toBe(before - 1);

    // Stale: a way back past its hours is refused from its own session.
    const third = await actAs();
    const expired = await new WayBackStore(db).issue({ userId: adminSelf.id ?? 0, actingUserId: someone.id, sessionHash: sessionHashOf(third.acting.cookie.slice('JSESSIONID='.length)), expiresAt: new Date(Date.now() - 1_000) });
    expect(await refusedCode(wayBack(third.acting, expired))).toEqual([403, 'WAY_BACK_INVALID']);
    expect(await new Browser(gateway.url, third.acting.cookie).ok('GET', '/api/session')).toMatchObject({ id: someone.id });
  });

  it('refuses a billing tax id whose check digits do not hold (400 INVALID_TAX_ID with the field), and takes a valid CPF or CNPJ', async () => {
    const billed = await create(admin, 'billed');
    const withTaxId = (taxId: string) => ({ id: billed.id, name: 'billed', email: billed.email, attributes: { 'rastro.billing.taxId': taxId } });
    const refused = await admin.call('PUT', `/api/users/${billed.id}`, withTaxId('123.456.789-00'));
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TAX_ID', fields: ['attributes.rastro.billing.taxId'] });
    await admin.ok('PUT', `/api/users/${billed.id}`, withTaxId('529.982.247-25'));
    await admin.ok('PUT', `/api/users/${billed.id}`, withTaxId('11222333000181'));
  });
});
