import { destinationsOf, MAX_WEB_PUSH_SUBSCRIPTIONS, withoutDestinations, withSubscription } from './notification-tokens';

const browser = (n: number) => ({ endpoint: `https://push.example/send/${n}`, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } });

describe("a user's notificationTokens", () => {
  it("keeps a browser's subscription beside the mobile apps' Firebase tokens, in a list Traccar can still split", () => {
    const tokens = withSubscription('fcm-token-1,fcm-token-2', browser(1));
    expect(tokens.split(',')).toHaveLength(3);
    expect(tokens).not.toMatch(/\s/);
    expect(destinationsOf(tokens)).toEqual({ webPush: [browser(1)], firebase: ['fcm-token-1', 'fcm-token-2'] });
  });

  it('subscribing the same browser again replaces its subscription; the oldest browsers go past the cap', () => {
    let tokens = withSubscription(undefined, browser(1));
    tokens = withSubscription(tokens, { ...browser(1), keys: { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) } });
    expect(destinationsOf(tokens).webPush).toEqual([{ ...browser(1), keys: { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) } }]);
    for (let n = 2; n <= MAX_WEB_PUSH_SUBSCRIPTIONS + 2; n += 1) tokens = withSubscription(tokens, browser(n));
    const endpoints = destinationsOf(tokens).webPush.map((subscription) => subscription.endpoint);
    expect(endpoints).toHaveLength(MAX_WEB_PUSH_SUBSCRIPTIONS);
    expect(endpoints.at(-1)).toBe(browser(MAX_WEB_PUSH_SUBSCRIPTIONS + 2).endpoint);
    expect(endpoints).not.toContain(browser(1).endpoint);
  });

  it('forgets the destinations the push services say are gone', () => {
    const tokens = withSubscription(withSubscription('fcm-a,fcm-b', browser(1)), browser(2));
    expect(destinationsOf(withoutDestinations(tokens, { endpoints: [browser(1).endpoint], firebase: ['fcm-a'] }))).toEqual({ webPush: [browser(2)], firebase: ['fcm-b'] });
  });

  it('reads what is not a list as no destination, and skips a tampered subscription', () => {
    expect(destinationsOf(42)).toEqual({ webPush: [], firebase: [] });
    expect(destinationsOf('webpush:not-json')).toEqual({ webPush: [], firebase: [] });
  });
});
