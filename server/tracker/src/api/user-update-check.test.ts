import type { UserChanges } from '../db/users-repository';
import type { UserRecord } from '../entities/user';
import { checkUserUpdate, NEW_USER_FIELDS, type GuardedUserFields, type UpdatedAccount } from './user-update-check';

const user = (fields: Partial<UserRecord> = {}) => ({ ...NEW_USER_FIELDS, id: 9, email: 'someone@test.local', deviceLimit: -1, ...fields }) as UserRecord;
const manager = user({ id: 1, userLimit: 5 });
const plain = user({ id: 2, userLimit: 0 });

/** The refusal text, or null when the change passes. */
function refusal(caller: UserRecord | null, before: GuardedUserFields, changes: UserChanges, account: UpdatedAccount): string | null {
  try {
    checkUserUpdate(caller, before, changes, account);
    return null;
  } catch (error) {
    expect(error).toMatchObject({ statusCode: 400 });
    return (error as { body: string }).body;
  }
}

describe("Traccar's checkUserUpdate for callers who are not administrators", () => {
  it.each<[string, UserChanges]>([
    ['administrator', { administrator: true }],
    ['an unlimited device limit', { deviceLimit: -1 }],
    ['a device limit', { deviceLimit: 50 }],
    ['a user limit', { userLimit: 5 }],
  ])('refuses a manager creating a user with %s', (_what, changes) => {
    expect(refusal(manager, NEW_USER_FIELDS, changes, 'new')).toBe('Administrator access required');
  });

  it("lets a manager create a user with the new user's own values and with restrictions", () => {
    expect(refusal(manager, NEW_USER_FIELDS, { administrator: false, deviceLimit: 0, userLimit: 0, readonly: true, disabled: true, limitCommands: true }, 'new')).toBeNull();
  });

  it('leaves restrictions on a new account to managers', () => {
    expect(refusal(plain, NEW_USER_FIELDS, { readonly: true }, 'new')).toBe('Manager access required');
    expect(refusal(null, NEW_USER_FIELDS, { deviceReadonly: true }, 'new')).toBe('Manager access required');
    expect(refusal(null, NEW_USER_FIELDS, { fixedEmail: false }, 'new')).toBeNull();
  });

  it("refuses a manager raising a managed user's limits, and lets it restrict that user", () => {
    const managed = user({ deviceLimit: 3, userLimit: 0 });
    expect(refusal(manager, managed, { deviceLimit: 4 }, 'managed')).toBe('Administrator access required');
    expect(refusal(manager, managed, { userLimit: 1 }, 'managed')).toBe('Administrator access required');
    expect(refusal(manager, managed, { deviceLimit: 3, userLimit: 0, administrator: false, readonly: true, disabled: true }, 'managed')).toBeNull();
  });

  it('leaves the restrictions of another account to its manager', () => {
    expect(refusal(plain, user(), { disabled: true }, 'managed')).toBe('User access denied');
  });

  it('refuses anyone lifting a restriction of their own account, or granting themselves more', () => {
    const restricted = user({ readonly: true, deviceReadonly: true });
    expect(refusal(restricted, restricted, { readonly: false }, 'own')).toBe('Administrator access required');
    expect(refusal(restricted, restricted, { deviceLimit: 10 }, 'own')).toBe('Administrator access required');
    expect(refusal(restricted, restricted, { readonly: true, deviceReadonly: true, name: 'Renamed' }, 'own')).toBeNull();
  });

  it("keeps an account from outliving an expiring caller's", () => {
    const expiring = user({ id: 1, userLimit: 5, expirationTime: new Date('2030-01-01T00:00:00Z') });
    expect(refusal(expiring, NEW_USER_FIELDS, { expirationTime: new Date('2031-01-01T00:00:00Z') }, 'new')).toBe('Administrator access required');
    expect(refusal(expiring, NEW_USER_FIELDS, { expirationTime: new Date('2029-01-01T00:00:00Z') }, 'new')).toBeNull();
    const managed = user({ expirationTime: new Date('2029-01-01T00:00:00Z') });
    expect(refusal(expiring, managed, { expirationTime: null }, 'managed')).toBe('Administrator access required');
    expect(refusal(manager, managed, { expirationTime: null }, 'managed')).toBeNull();
  });

  it('keeps a fixed email for administrators to change', () => {
    const fixed = user({ fixedEmail: true });
    expect(refusal(manager, fixed, { email: 'other@test.local' }, 'managed')).toBe('Administrator access required');
    expect(refusal(manager, fixed, { email: 'someone@test.local' }, 'managed')).toBeNull();
  });
});
