import type { AccountState, TrustUnlockResult, User } from '@rastro/shared/contract';
import { ACCOUNT_SUSPENDED } from '../proxy/socket-relay';
import { send, type RawResponse } from '../test-support/http';
import { FORM_HEADERS } from '../test-support/sign-in';
import { openSocket } from '../test-support/socket-client';
import { eventually, startTrackingFixture, type Browser, type TrackingFixture } from '../test-support/tracking-fixture';

jest.setTimeout(30_000);

/** A trust day of the test gateway: the trust-period test sees its one day end in two seconds. */
const TRUST_DAY_MS = 2_000;
const suspendedAnswer = (trustAvailable: boolean) => ({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable, invoices: [] } });
const trustFields = (days: number) => ({ 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': days });

interface Customer {
  id: number;
  email: string;
}

// Account states against the real tracker: a suspended user cannot sign in, and a session it
// already had stops working, until an administrator reactivates the account — or, once per
// suspension, the user unlocks it on trust for the trust days its billing fields give.
describe('account states', () => {
  let fixture: TrackingFixture;
  let serial = 0;

  const login = (email: string, password = 'secret1') =>
    send(`${fixture.gateway.url}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ email, password }).toString() });
  const trustUnlock = (body: unknown, headers: Record<string, string> = {}) =>
    send(`${fixture.gateway.url}/rastro/billing/trust-unlock`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body) });
  const stateOf = async (customer: Customer) => (await fixture.admin.call<AccountState>('GET', `/rastro/users/${customer.id}/account-state`)).body;
  const setState = (customer: Customer, state: 'active' | 'suspended', reason: string | null = state === 'active' ? null : 'Invoice 12 overdue') =>
    fixture.admin.call<AccountState>('PUT', `/rastro/users/${customer.id}/account-state`, { state, reason });

  async function newCustomer(attributes: Record<string, unknown> = {}): Promise<Customer> {
    const email = `customer${++serial}.${Date.now()}@state.test`;
    const created = await fixture.admin.call<{ id: number }>('POST', '/api/users', { name: `Customer ${serial}`, email, password: 'secret1', attributes });
    expect(created.status).toBe(200);
    return { id: created.body.id, email };
  }

  async function setBillingFields(customer: Customer, attributes: Record<string, unknown>): Promise<void> {
    const user = (await fixture.admin.call<User>('GET', `/api/users/${customer.id}`)).body;
    expect((await fixture.admin.call('PUT', `/api/users/${customer.id}`, { ...user, attributes: { ...user.attributes, ...attributes } })).status).toBe(200);
  }

  const cookieOf = (answer: RawResponse) => answer.headers['set-cookie']?.find((value) => value.startsWith('JSESSIONID='))?.split(';')[0];
  const socketOf = (browser: Browser) => openSocket(`${fixture.gateway.url.replace('http', 'ws')}/api/socket`, { cookie: browser.cookie });
  const logsOf = async (customer: Customer, action: string) =>
    (await fixture.admin.call<{ items: Array<{ action: string; userId: number | null; changes: Record<string, unknown> }> }>('GET', `/rastro/users/${customer.id}/logs?objectType=accountState&action=${action}`)).body.items;

  beforeAll(async () => {
    fixture = await startTrackingFixture({ trustDayMs: TRUST_DAY_MS });
  }, 240_000);

  afterAll(() => fixture?.close());

  it('only administrators change a state, and a suspension needs a reason', async () => {
    const customer = await newCustomer();
    const own = await fixture.signIn(customer.email, 'secret1');
    expect((await own.call('PUT', `/rastro/users/${customer.id}/account-state`, { state: 'active', reason: null })).status).toBe(403);
    const noReason = await setState(customer, 'suspended', null);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'INVALID_INPUT', fields: ['reason'] });
    expect(await stateOf(customer)).toEqual({ state: 'active', reason: null, trustEndsAt: null, trustUnlockUsedAt: null });
  });

  it('a suspended user is refused at login and in the session it had, until reactivated', async () => {
    const customer = await newCustomer();
    const openSession = await fixture.signIn(customer.email, 'secret1');
    const suspended = await setState(customer, 'suspended');
    expect(suspended.body).toEqual({ state: 'suspended', reason: 'Invoice 12 overdue', trustEndsAt: null, trustUnlockUsedAt: null });

    const refused = await login(customer.email);
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual(suspendedAnswer(false));
    expect(refused.headers['set-cookie']).toBeUndefined();

    for (const path of ['/api/session', '/api/devices']) {
      const answer = await openSession.call('GET', path);
      expect([path, answer.status, answer.body]).toEqual([path, 401, suspendedAnswer(false)]);
    }

    const logs = await fixture.admin.call<{ items: Array<{ objectType: string; objectId: number }> }>('GET', `/rastro/server/logs?objectType=accountState`);
    expect(logs.body.items[0]).toMatchObject({ objectType: 'accountState', objectId: customer.id });

    await setState(customer, 'active');
    expect((await login(customer.email)).status).toBe(200);
    expect((await openSession.call('GET', '/api/devices')).status).toBe(200);
  });

  it('a suspension closes the user’s open sockets, and a new one is refused', async () => {
    const customer = await newCustomer();
    const browser = await fixture.signIn(customer.email, 'secret1');
    const live = await socketOf(browser);
    const bystander = await socketOf(fixture.admin);

    await setState(customer, 'suspended');
    expect(await live.closed).toBe(ACCOUNT_SUSPENDED);
    await expect(socketOf(browser)).rejects.toThrow('HTTP 401');

    // Only that user's: the administrator's socket stays open.
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
    bystander.socket.close();
  });

  it('a socket opened with ?token= is tied to its user: a suspension closes it, and a suspended user’s token or a wrong one is refused', async () => {
    const customer = await newCustomer();
    const browser = await fixture.signIn(customer.email, 'secret1');
    const issued = await send(`${fixture.gateway.url}/api/session/token`, { method: 'POST', headers: { cookie: browser.cookie } });
    expect(issued.status).toBe(200);
    const socketUrl = (token: string) => `${fixture.gateway.url.replace('http', 'ws')}/api/socket?token=${encodeURIComponent(token)}`;
    const live = await openSocket(socketUrl(issued.text));

    await setState(customer, 'suspended');
    expect(await live.closed).toBe(ACCOUNT_SUSPENDED);
    await expect(openSocket(socketUrl(issued.text))).rejects.toThrow('HTTP 401');
    await expect(openSocket(socketUrl('not-a-token'))).rejects.toThrow('HTTP 401');

    // Refused for the suspension, not for the token: reactivated, the same token opens a socket again.
    await setState(customer, 'active');
    (await openSocket(socketUrl(issued.text))).socket.close();
  });

  it('trust unlock: bad input, wrong credentials, an account that is not suspended, or one its billing fields do not allow', async () => {
    const customer = await newCustomer();
    const bad = await trustUnlock({ email: '', password: '' });
    expect([bad.status, bad.json()]).toEqual([400, expect.objectContaining({ code: 'INVALID_INPUT', fields: ['email', 'password'] })]);

    const wrong = await trustUnlock({ email: customer.email, password: 'not-it' });
    expect([wrong.status, wrong.json<{ code: string }>().code]).toEqual([401, 'HTTP_401_UNAUTHORIZED']);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const active = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect([active.status, active.json<{ code: string }>().code]).toEqual([409, 'ACCOUNT_NOT_SUSPENDED']);

    await setState(customer, 'suspended');
    const notAllowed = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect([notAllowed.status, notAllowed.json<{ code: string }>().code]).toEqual([403, 'TRUST_UNLOCK_NOT_ALLOWED']);
    expect(notAllowed.headers['set-cookie']).toBeUndefined();
    // Allowed without trust days is no trust either.
    await setBillingFields(customer, { 'rastro.billing.trustUnlock': true });
    expect((await login(customer.email)).json()).toEqual(suspendedAnswer(false));
    expect(await stateOf(customer)).toMatchObject({ state: 'suspended', trustUnlockUsedAt: null });
  });

  it('trust unlock: once per suspension, active and signed in for the trust days, audit-logged; reactivating gives a later suspension its own', async () => {
    const customer = await newCustomer(trustFields(30));
    await setState(customer, 'suspended');
    expect((await login(customer.email)).json()).toEqual(suspendedAnswer(true));

    const unlocked = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect(unlocked.status).toBe(200);
    const result = unlocked.json<TrustUnlockResult>();
    expect(result.user).toMatchObject({ id: customer.id, email: customer.email });
    expect(Date.parse(result.trustEndsAt)).toBeGreaterThan(Date.now() + 29 * TRUST_DAY_MS);
    // The answer's session works at once: the shell is signed in.
    const cookie = cookieOf(unlocked);
    expect(cookie).toBeDefined();
    const devices = await send(`${fixture.gateway.url}/api/devices`, { headers: { cookie: cookie ?? '', accept: 'application/json' } });
    expect(devices.status).toBe(200);
    expect((await login(customer.email)).status).toBe(200);

    const state = await stateOf(customer);
    expect(state).toMatchObject({ state: 'active', reason: 'Invoice 12 overdue', trustEndsAt: result.trustEndsAt });
    expect(state.trustUnlockUsedAt).not.toBeNull();
    const [entry] = await logsOf(customer, 'trustUnlock');
    expect(entry).toMatchObject({ userId: customer.id, changes: { state: 'active', trustDays: 30, trustEndsAt: result.trustEndsAt } });

    // Suspended again before paying: this suspension's trust is spent.
    await setState(customer, 'suspended');
    expect((await login(customer.email)).json()).toEqual(suspendedAnswer(false));
    const again = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect([again.status, again.json<{ code: string }>().code]).toEqual([409, 'TRUST_UNLOCK_ALREADY_USED']);
    expect(again.headers['set-cookie']).toBeUndefined();

    // Paid: reactivated. A later suspension may be trusted again.
    await setState(customer, 'active');
    await setState(customer, 'suspended', 'Invoice 13 overdue');
    expect((await login(customer.email)).json()).toEqual(suspendedAnswer(true));
  });

  it('the suspension resumes when the trust period ends: a job suspends the account and closes its sockets', async () => {
    const customer = await newCustomer(trustFields(1));
    await setState(customer, 'suspended');
    const unlocked = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect(unlocked.status).toBe(200);
    const live = await socketOf({ cookie: cookieOf(unlocked) ?? '', call: fixture.admin.call });

    // One trust day of this gateway is two seconds.
    expect(await live.closed).toBe(ACCOUNT_SUSPENDED);
    const [ended] = await eventually(() => logsOf(customer, 'trustEnded'), (items) => items.length > 0);
    expect(ended).toMatchObject({ userId: null, changes: { state: 'suspended', reason: 'Invoice 12 overdue' } });
    expect(await stateOf(customer)).toMatchObject({ state: 'suspended', reason: 'Invoice 12 overdue', trustEndsAt: null });
    expect((await login(customer.email)).json()).toEqual(suspendedAnswer(false));
  });

  it('trust unlock attempts are limited per address and login: the sixth in 15 minutes is 429', async () => {
    const customer = await newCustomer(trustFields(30));
    const other = await newCustomer();
    // Each client address counts on its own; the gateway sees these all from one.
    for (let attempt = 1; attempt <= 5; attempt++) expect((await trustUnlock({ email: customer.email, password: `guess${attempt}` })).status).toBe(401);
    const limited = await trustUnlock({ email: customer.email, password: 'secret1' });
    expect([limited.status, limited.json<{ code: string }>().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A forwarded address is the client's to write, so it does not start a new count.
    expect((await trustUnlock({ email: customer.email.toUpperCase(), password: 'secret1' }, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another login from the same address is not held back.
    expect((await trustUnlock({ email: other.email, password: 'nope' })).status).toBe(401);
  });
});
