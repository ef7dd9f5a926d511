import type { Server, User } from '../contract/traccar';

/**
 * Where a user's own 12-hour-clock choice is kept. Traccar 6's User has no `twelveHourFormat`
 * field (only Server has: TRACCAR.md, the OpenAPI's User), and the tracking server drops unknown
 * fields, so the user's choice is an attribute of the same name.
 */
export const TWELVE_HOUR_ATTRIBUTE = 'twelveHourFormat';

/** The user's own choice: true or false when set, else null (the server's applies). */
export function ownTwelveHourClock(user: Pick<User, 'attributes'> | null | undefined): boolean | null {
  const own = user?.attributes?.[TWELVE_HOUR_ATTRIBUTE];
  return own === true || own === 'true' ? true : own === false || own === 'false' ? false : null;
}

/**
 * Whether times show on the 12-hour clock (SPEC §3): the server's `twelveHourFormat` when it
 * forces its settings, else the user's attribute when there is one, else the server's.
 */
export function twelveHourClockOf(user: Pick<User, 'attributes'> | null | undefined, server: Pick<Server, 'twelveHourFormat' | 'forceSettings'> | null | undefined): boolean {
  if (server?.forceSettings) return server.twelveHourFormat === true;
  return ownTwelveHourClock(user) ?? server?.twelveHourFormat === true;
}
