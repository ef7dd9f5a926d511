import { send } from '../test-support/http';
import { FORM_HEADERS } from '../test-support/sign-in';
import { startTrackingFixture, type Browser, type TrackingFixture } from '../test-support/tracking-fixture';

jest.setTimeout(30_000);

const SUSPENDED = { error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: false, invoices: [] } };

// Account states against the real tracker: a suspended user cannot sign in, and a session it
// already had stops working, until an administrator reactivates the account.
describe('account states', () => {
  let fixture: TrackingFixture;
  let customer: { id: number; email: string };
  let openSession: Browser;

  const login = (email: string) => send(`${fixture.gateway.url}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ email, password: 'secret1' }).toString() });

  beforeAll(async () => {
    fixture = await startTrackingFixture();
    const email = `suspended${Date.now()}@state.test`;
    const created = await fixture.admin.call<{ id: number }>('POST', '/api/users', { name: 'Customer', email, password: 'secret1' });
    customer = { id: created.body.id, email };
    openSession = await fixture.signIn(email, 'secret1');
  }, 240_000);

  afterAll(() => fixture?.close());

  it('only administrators change a state, and a suspension needs a reason', async () => {
    const byCustomer = await openSession.call('PUT', `/rastro/users/${customer.id}/account-state`, { state: 'active', reason: null });
    expect(byCustomer.status).toBe(403);
    const noReason = await fixture.admin.call('PUT', `/rastro/users/${customer.id}/account-state`, { state: 'suspended', reason: null });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'INVALID_INPUT', fields: ['reason'] });
    expect((await fixture.admin.call('GET', `/rastro/users/${customer.id}/account-state`)).body).toEqual({ state: 'active', reason: null });
  });

  it('a suspended user is refused at login and in the session it had, until reactivated', async () => {
    const suspended = await fixture.admin.call('PUT', `/rastro/users/${customer.id}/account-state`, { state: 'suspended', reason: 'Invoice 12 overdue' });
    expect(suspended.body).toEqual({ state: 'suspended', reason: 'Invoice 12 overdue' });

    const refused = await login(customer.email);
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual(SUSPENDED);
    expect(refused.headers['set-cookie']).toBeUndefined();

    for (const path of ['/api/session', '/api/devices']) {
      const answer = await openSession.call('GET', path);
      expect([path, answer.status, answer.body]).toEqual([path, 401, SUSPENDED]);
    }

    const logs = await fixture.admin.call<{ items: Array<{ objectType: string; objectId: number }> }>('GET', `/rastro/server/logs?objectType=accountState`);
    expect(logs.body.items[0]).toMatchObject({ objectType: 'accountState', objectId: customer.id });

    await fixture.admin.call('PUT', `/rastro/users/${customer.id}/account-state`, { state: 'active', reason: null });
    expect((await login(customer.email)).status).toBe(200);
    expect((await openSession.call('GET', '/api/devices')).status).toBe(200);
  });
});
