import { startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';
import { ADD_TO_NEW_USERS_ATTRIBUTE } from './new-user-notifications';

type Notification = { id: number; type: string };

// SPEC §3 "auto-add to new users", against the real tracker behind the gateway.
describe('notifications added to new users', () => {
  let fixture: TrackingFixture;

  beforeAll(async () => {
    fixture = await startTrackingFixture();
  }, 120_000);
  afterAll(() => fixture?.close());

  const notification = async (type: string, attributes: Record<string, unknown>) => {
    const created = await fixture.admin.call<Notification>('POST', '/api/notifications', { type, always: true, notificators: 'web', attributes });
    expect(created.status).toBe(200);
    return created.body;
  };
  const newUser = async (creator = fixture.admin, fields: Record<string, unknown> = {}) => {
    const email = `new-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@rastro.test`;
    const created = await creator.call<{ id: number }>('POST', '/api/users', { name: email, email, password: 'secret', ...fields });
    expect(created.status).toBe(200);
    return { id: created.body.id, email };
  };
  const notificationsOf = async (userId: number) => (await fixture.admin.call<Notification[]>('GET', `/api/notifications?userId=${userId}`)).body.map((item) => item.id);

  it('links every notification flagged for new users to a user the administrator creates, and no other', async () => {
    const forEveryone = await notification('deviceOnline', { [ADD_TO_NEW_USERS_ATTRIBUTE]: true });
    const notFlagged = await notification('deviceOffline', {});
    const user = await newUser();
    const linked = await notificationsOf(user.id);
    expect(linked).toContain(forEveryone.id);
    expect(linked).not.toContain(notFlagged.id);
  });

  it("gives a manager's new user the manager's flagged notifications only, not the administrator's", async () => {
    const manager = await newUser(fixture.admin, { userLimit: 5, deviceLimit: -1 });
    // Flagged after the manager was made: the manager does not reach it (those flagged before, it was given).
    const administrators = await notification('ignitionOn', { [ADD_TO_NEW_USERS_ATTRIBUTE]: true });
    const managerBrowser = await fixture.signIn(manager.email, 'secret');
    const managers = await managerBrowser.call<Notification>('POST', '/api/notifications', { type: 'ignitionOff', always: true, notificators: 'web', attributes: { [ADD_TO_NEW_USERS_ATTRIBUTE]: true } });
    expect(managers.status).toBe(200);
    const user = await newUser(managerBrowser);
    const linked = await notificationsOf(user.id);
    expect(linked).toContain(managers.body.id);
    expect(linked).not.toContain(administrators.id);
  });
});
