import type { User } from '@rastro/shared/contract';
import { startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';
import { destinationsOf } from './notification-tokens';

// Web Push against the real tracker behind the gateway: the key a browser subscribes with, and its subscription kept on the user.
describe('web push subscriptions', () => {
  let fixture: TrackingFixture;

  beforeAll(async () => {
    fixture = await startTrackingFixture();
  }, 60_000);

  afterAll(async () => fixture?.close());

  const subscription = { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } };

  it('one VAPID public key for the installation, the same on every call', async () => {
    const first = await fixture.admin.call<{ publicKey: string }>('GET', '/rastro/push/key');
    const second = await fixture.admin.call<{ publicKey: string }>('GET', '/rastro/push/key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.body.publicKey).toBe(first.body.publicKey);
  });

  it("keeps the browser's subscription in the caller's notificationTokens, beside what was there, and forgets it on request", async () => {
    const me = (await fixture.admin.call<User>('GET', '/api/session')).body;
    await fixture.admin.call('PUT', `/api/users/${me.id}`, { ...me, attributes: { ...me.attributes, notificationTokens: 'fcm-token' } });
    expect((await fixture.admin.call('POST', '/rastro/push/subscription', subscription)).status).toBe(204);
    const stored = (await fixture.admin.call<User>('GET', `/api/users/${me.id}`)).body;
    expect(destinationsOf(stored.attributes.notificationTokens)).toEqual({ webPush: [subscription], firebase: ['fcm-token'] });

    expect((await fixture.admin.call('DELETE', '/rastro/push/subscription', { endpoint: subscription.endpoint })).status).toBe(204);
    expect((await fixture.admin.call<User>('GET', `/api/users/${me.id}`)).body.attributes.notificationTokens).toBe('fcm-token');
  });

  it('refuses a subscription that is not one (400 with the fields), and anyone signed out (401)', async () => {
    const bad = await fixture.admin.call<{ code: string; fields?: unknown }>('POST', '/rastro/push/subscription', { endpoint: 'http://push.example/x', keys: { p256dh: 'short', auth: 'a'.repeat(22) }, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    const anonymous = await fetch(`${fixture.gateway.url}/rastro/push/key`);
    expect(anonymous.status).toBe(401);
  });
});
