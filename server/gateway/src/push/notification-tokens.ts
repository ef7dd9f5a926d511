import { z } from 'zod';

/**
 * A user's push destinations live in Traccar's own user attribute `notificationTokens` (SPEC §3),
 * a comma-separated list, as Traccar's firebase notificator reads it: a Firebase registration
 * token is kept as it is, a browser's Web Push subscription as `webpush:` and its JSON in
 * base64url (no comma or space, so the list stays one Traccar can split).
 */
export const NOTIFICATION_TOKENS = 'notificationTokens';
const WEB_PUSH_PREFIX = 'webpush:';
// Browsers' push services answer on HTTPS only; the keys are base64url (p256dh 65 bytes, auth 16).
const base64url = (min: number, max: number) => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(min).max(max);
export const webPushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(1000),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strict(),
  })
  .strict();
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

export interface PushDestinations {
  webPush: WebPushSubscription[];
  firebase: string[];
}

const split = (tokens: unknown): string[] => (typeof tokens === 'string' ? tokens.split(/[, ]+/).filter((token) => token !== '') : []);

function decode(token: string): WebPushSubscription | null {
  try {
    const parsed = webPushSubscriptionSchema.safeParse(JSON.parse(Buffer.from(token.slice(WEB_PUSH_PREFIX.length), 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const encode = (subscription: WebPushSubscription) => WEB_PUSH_PREFIX + Buffer.from(JSON.stringify(subscription)).toString('base64url');

export function destinationsOf(tokens: unknown): PushDestinations {
  const all = split(tokens);
  return {
    webPush: all.filter((token) => token.startsWith(WEB_PUSH_PREFIX)).flatMap((token) => decode(token) ?? []),
    firebase: all.filter((token) => !token.startsWith(WEB_PUSH_PREFIX)),
  };
}

/** Never more than this many browsers per user: the oldest go first. */
export const MAX_WEB_PUSH_SUBSCRIPTIONS = 10;

/** The attribute with this browser's subscription added (replacing one with the same endpoint). */
export function withSubscription(tokens: unknown, subscription: WebPushSubscription): string {
  const kept = split(tokens).filter((token) => !token.startsWith(WEB_PUSH_PREFIX) || decode(token)?.endpoint !== subscription.endpoint);
  const browsers = kept.filter((token) => token.startsWith(WEB_PUSH_PREFIX));
  const dropped = new Set(browsers.slice(0, Math.max(0, browsers.length - MAX_WEB_PUSH_SUBSCRIPTIONS + 1)));
  return [...kept.filter((token) => !dropped.has(token)), encode(subscription)].join(',');
}

/** The attribute without the subscriptions of these endpoints, and without these Firebase tokens. */
export function withoutDestinations(tokens: unknown, gone: { endpoints?: readonly string[]; firebase?: readonly string[] }): string {
  const endpoints = new Set(gone.endpoints ?? []);
  const firebase = new Set(gone.firebase ?? []);
  return split(tokens)
    .filter((token) => (token.startsWith(WEB_PUSH_PREFIX) ? !endpoints.has(decode(token)?.endpoint ?? '') : !firebase.has(token)))
    .join(',');
}
