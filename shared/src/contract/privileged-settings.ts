import { rastroAttributeKeys } from './attribute-keys';
import { qrDriverUserKeys } from './qr-driver';

/**
 * Who may change a privileged setting of a user (SPEC §6): `administrator` — administrators only,
 * on any account; `manager` — also a manager (user limit ≠ 0), on the users below it, never on its
 * own account. Everybody else changes none of them, not even on their own account.
 */
export type PrivilegeWriter = 'administrator' | 'manager';

export interface PrivilegedUserSetting {
  /** A user field, an attribute key, or (kind `attributePrefix`) every attribute whose key starts so. */
  key: string;
  kind: 'field' | 'attribute' | 'attributePrefix';
  writableBy: PrivilegeWriter;
  /** For fields: what a new account holds there (Traccar's `new User()`), so sending that value changes nothing. */
  initial?: unknown;
}

/**
 * The one table of user settings that grant something: powers, trust, limits, and the flags the
 * product reads to treat an account differently. Traccar lets a user write any attribute of the
 * accounts it edits, its own included; the gateway enforces this table on every write of a user,
 * and the interface reads it to know which inputs to offer.
 */
export const privilegedUserSettings: readonly PrivilegedUserSetting[] = [
  { key: 'administrator', kind: 'field', writableBy: 'administrator', initial: false },
  { key: 'deviceLimit', kind: 'field', writableBy: 'administrator', initial: 0 },
  { key: 'userLimit', kind: 'field', writableBy: 'administrator', initial: 0 },
  { key: 'readonly', kind: 'field', writableBy: 'manager', initial: false },
  { key: 'deviceReadonly', kind: 'field', writableBy: 'manager', initial: false },
  { key: 'limitCommands', kind: 'field', writableBy: 'manager', initial: false },
  { key: 'disabled', kind: 'field', writableBy: 'manager', initial: false },
  { key: 'disableReports', kind: 'field', writableBy: 'manager', initial: false },
  { key: 'fixedEmail', kind: 'field', writableBy: 'manager', initial: false },
  { key: rastroAttributeKeys.advancedPerms, kind: 'attribute', writableBy: 'administrator' },
  { key: rastroAttributeKeys.reseller, kind: 'attribute', writableBy: 'administrator' },
  { key: rastroAttributeKeys.resellerDomain, kind: 'attribute', writableBy: 'administrator' },
  { key: rastroAttributeKeys.canCreateSubResellers, kind: 'attribute', writableBy: 'administrator' },
  // Billing (SPEC §3, "a billing admin role is implied": an administrator): trust unlocks, prices, due days…
  { key: 'rastro.billing.', kind: 'attributePrefix', writableBy: 'administrator' },
  { key: rastroAttributeKeys.isQrDriverId, kind: 'attribute', writableBy: 'administrator' },
  { key: rastroAttributeKeys.isQrDeviceId, kind: 'attribute', writableBy: 'administrator' },
  { key: qrDriverUserKeys.ownerId, kind: 'attribute', writableBy: 'administrator' },
  { key: qrDriverUserKeys.checkedInAt, kind: 'attribute', writableBy: 'administrator' },
  { key: rastroAttributeKeys.isShared, kind: 'attribute', writableBy: 'administrator' },
];

/** The table's entry for an attribute key, if it is privileged. */
export function privilegedAttribute(key: string): PrivilegedUserSetting | undefined {
  return privilegedUserSettings.find((setting) => (setting.kind === 'attribute' ? setting.key === key : setting.kind === 'attributePrefix' && key.startsWith(setting.key)));
}

/** Whether a caller may change a setting: `caller` as the gateway knows it, `ownAccount` when it edits itself. */
export function mayWritePrivilege(setting: Pick<PrivilegedUserSetting, 'writableBy'>, caller: { administrator: boolean; userLimit: number }, ownAccount: boolean): boolean {
  if (caller.administrator) return true;
  return setting.writableBy === 'manager' && caller.userLimit !== 0 && !ownAccount;
}
