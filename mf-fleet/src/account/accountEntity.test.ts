import { twelveHourClockOf } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { accountFormSchema, accountFormValues, accountPayload } from './accountEntity';
import { extendedExpiry } from './SharesList';

const me: User = {
  id: 5,
  name: 'Ana Souza',
  email: 'ana@rastro.demo',
  administrator: false,
  readonly: true,
  deviceLimit: 2,
  userLimit: 0,
  expirationTime: '2027-01-01T00:00:00.000+00:00',
  attributes: { speedUnit: 'mph', 'rastro.advancedPerms': 'ff', custom: 'kept' },
};

describe('my account: what is saved', () => {
  it('sends the account back as it was except what the form changes: powers, limits and expiry untouched', () => {
    const values = { ...accountFormValues(me), name: 'Ana S. Souza', phone: '+55 11 9', language: 'es', speedUnit: '', distanceUnit: 'mi', zoom: '12,6' };
    const payload = accountPayload(values, me);
    expect(payload).toMatchObject({ id: 5, name: 'Ana S. Souza', phone: '+55 11 9', administrator: false, readonly: true, deviceLimit: 2, userLimit: 0, expirationTime: me.expirationTime, zoom: 13 });
    // "Server default" removes the attribute; other attributes, privileged ones included, stay as they were.
    expect(payload.attributes).toEqual({ 'rastro.lang': 'es', distanceUnit: 'mi', 'rastro.advancedPerms': 'ff', custom: 'kept' });
    expect(payload).not.toHaveProperty('password');
  });

  it("keeps the 12-hour clock where every screen reads it (an attribute: Traccar 6's User has no such field)", () => {
    const on = accountPayload({ ...accountFormValues(me), twelveHourFormat: true }, me);
    expect(on).not.toHaveProperty('twelveHourFormat');
    expect(on.attributes).toMatchObject({ twelveHourFormat: true });
    const saved: User = { ...me, attributes: on.attributes as Record<string, unknown> };
    expect(twelveHourClockOf(saved, { twelveHourFormat: false })).toBe(true);
    expect(accountFormValues(saved).twelveHourFormat).toBe(true);
    // Switched off over a server that defaults to it: the choice is kept, not dropped.
    const off = accountPayload({ ...accountFormValues(saved), twelveHourFormat: false }, saved);
    expect(twelveHourClockOf({ attributes: off.attributes as Record<string, unknown> }, { twelveHourFormat: true })).toBe(false);
    expect(accountPayload(accountFormValues(me), me).attributes).not.toHaveProperty('twelveHourFormat');
  });

  it('sends a new password only when one was typed and confirmed', () => {
    const typed = { ...accountFormValues(me), password: 'segredo', passwordConfirmation: 'segredo' };
    expect(accountPayload(typed, me)).toMatchObject({ password: 'segredo' });
    const issues = (values: object) => (accountFormSchema.safeParse({ ...accountFormValues(me), ...values }).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ password: 'segredo', passwordConfirmation: 'segrede' })).toEqual([['passwordConfirmation', 'fleet.account.passwordMismatch']]);
    expect(issues({ password: 'abc', passwordConfirmation: 'abc' })).toEqual([['password', 'fleet.account.passwordShort']]);
    // The gateway's rule: a run of spaces counts as one character.
    expect(issues({ password: 'a   b', passwordConfirmation: 'a   b' })).toEqual([['password', 'fleet.account.passwordShort']]);
    expect(issues({ name: 'Al' })).toEqual([['name', 'fleet.account.nameShort']]);
    expect(issues({})).toEqual([]);
  });
});

describe('extending a shared link', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('adds a day to what is left, from now once it has ended', () => {
    expect(extendedExpiry('2026-11-27T10:00:00Z', now)).toBe('2026-11-28T10:00:00.000Z');
    expect(extendedExpiry('2026-11-20T10:00:00Z', now)).toBe('2026-11-27T10:00:00.000Z');
  });
  it('never past the 30 days the gateway allows', () => expect(Date.parse(extendedExpiry('2026-12-26T09:00:00Z', now))).toBeLessThan(now + 30 * 86_400_000));
});
