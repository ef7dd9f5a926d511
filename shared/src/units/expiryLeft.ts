/** How long a shared link has left, in the largest unit that fits (SPEC §4). */
export type ExpiryLeft = { expired: true } | { expired: false; unit: 'days' | 'hours' | 'minutes' | 'seconds'; count: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Whole units left, rounded down (1 h 59 min shows "1 hour"), by magnitude. No expiry or an
 * unreadable one gives null: there is nothing to count down.
 */
export function expiryLeft(expiresAt: string | null | undefined, now: number): ExpiryLeft | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  const left = end - now;
  if (left <= 0) return { expired: true };
  if (left >= DAY) return { expired: false, unit: 'days', count: Math.floor(left / DAY) };
  if (left >= HOUR) return { expired: false, unit: 'hours', count: Math.floor(left / HOUR) };
  if (left >= MINUTE) return { expired: false, unit: 'minutes', count: Math.floor(left / MINUTE) };
  return { expired: false, unit: 'seconds', count: Math.max(1, Math.floor(left / SECOND)) };
}
