import type { UserChanges } from '../db/users-repository';
import type { UserRecord } from '../entities/user';
import { badRequest } from '../http/errors';
import { accessDenied } from './access';

/** Only administrators change these, on any account. */
const ADMIN_ONLY_FIELDS = ['administrator', 'deviceLimit', 'userLimit'] as const;
/** A manager sets these on its users; nobody on their own account but an administrator. */
const RESTRICTION_FIELDS = ['readonly', 'deviceReadonly', 'disabled', 'limitCommands', 'disableReports', 'fixedEmail'] as const;

/** The fields checkUserUpdate compares: what the account was, or Traccar's `new User()` for a new one. */
export type GuardedUserFields = Pick<UserRecord, (typeof ADMIN_ONLY_FIELDS)[number] | (typeof RESTRICTION_FIELDS)[number] | 'expirationTime' | 'email'>;

/** What a user created by a non-administrator starts from (Traccar's `new User()`): no power, no limit, no restriction. */
export const NEW_USER_FIELDS: GuardedUserFields = {
  administrator: false,
  deviceLimit: 0,
  userLimit: 0,
  readonly: false,
  deviceReadonly: false,
  disabled: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  expirationTime: null,
  email: '',
};

/** Whose account a write changes: the caller's own, one it manages, or one it creates. */
export type UpdatedAccount = 'own' | 'managed' | 'new';

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : (value ?? null);
}

const isManager = (user: UserRecord | null): user is UserRecord => user !== null && user.userLimit !== 0;

/**
 * Traccar's PermissionsService.checkUserUpdate, for a caller who is not an administrator (null: a
 * visitor registering), refusing with Traccar's texts rather than dropping what it may not set:
 * - administrator, deviceLimit, userLimit: "Administrator access required";
 * - an expiration past the caller's own (or none, when the caller's account expires): the same;
 * - a restriction (readonly, disabled…): on one's own account the same; on a managed account only
 *   its manager ("User access denied"); on a new one only a manager ("Manager access required");
 * - the email of an account whose email is fixed: an administrator only.
 * A field the write leaves out, or sends back unchanged, is no change: clients resend everything.
 */
export function checkUserUpdate(caller: UserRecord | null, before: GuardedUserFields, changes: UserChanges, account: UpdatedAccount): void {
  const changed = (field: keyof GuardedUserFields) => changes[field] !== undefined && comparable(changes[field]) !== comparable(before[field]);
  const adminRequired = () => badRequest('Administrator access required');

  if (ADMIN_ONLY_FIELDS.some(changed)) throw adminRequired();
  const callerExpires = caller?.expirationTime;
  if (callerExpires && changed('expirationTime')) {
    const expires = changes.expirationTime;
    if (!(expires instanceof Date) || expires.getTime() > callerExpires.getTime()) throw adminRequired();
  }
  if (RESTRICTION_FIELDS.some(changed)) {
    if (account === 'own') throw adminRequired();
    if (!isManager(caller)) throw account === 'new' ? badRequest('Manager access required') : accessDenied('user');
  }
  if (before.fixedEmail && changed('email')) throw adminRequired();
}
