import { attributeFlag, mayWritePrivilege, privilegedAttribute, privilegedUserSettings, rastroAttributeKeys } from '@rastro/shared';
import type { PrivilegedUserSetting, User } from '@rastro/shared';

/** The shared table's entry for a user field or attribute key, when it is privileged. */
export function privilegedSetting(key: string): PrivilegedUserSetting | undefined {
  return privilegedUserSettings.find((setting) => setting.kind === 'field' && setting.key === key) ?? privilegedAttribute(key);
}

/**
 * Whether `editor` may change this field or attribute of the user `targetId` (null: a new user):
 * the gateway's own table of privileged settings (@rastro/shared) decides, so the form offers
 * exactly what the gateway will accept. Anything not in the table is the user's own business.
 */
export function mayEditUserSetting(key: string, editor: Pick<User, 'id' | 'administrator' | 'userLimit'> | null, targetId: number | null): boolean {
  const setting = privilegedSetting(key);
  if (!setting) return true;
  if (!editor) return false;
  return mayWritePrivilege(setting, { administrator: Boolean(editor.administrator), userLimit: editor.userLimit ?? 0 }, targetId !== null && targetId === editor.id);
}

/** Traccar's `new User()` value of a privileged field (the table's `initial`): what a new account holds there. */
export function initialOf(key: string): unknown {
  return privilegedSetting(key)?.initial;
}

/** SPEC §6: a temporary shared-link user is not listed with the others. */
export function isSharedUser(user: Pick<User, 'attributes'>): boolean {
  return attributeFlag(user.attributes, rastroAttributeKeys.isShared);
}

/**
 * SPEC §5: nobody deletes his own account; a non-administrator deletes no administrator. An i18n
 * key of the refusal, or null when the gateway would let it through.
 */
export function userDeleteRefusal(target: Pick<User, 'id' | 'administrator'>, editor?: Pick<User, 'id' | 'administrator'> | null): string | null {
  if (editor && target.id === editor.id) return 'fleet.users.cannotDeleteSelf';
  if (target.administrator && !editor?.administrator) return 'fleet.users.cannotDeleteHigherAdmin';
  return null;
}

/** SPEC §5: a non-administrator edits no administrator (its own account aside). */
export function userEditRefusal(target: Pick<User, 'id' | 'administrator'>, editor?: Pick<User, 'id' | 'administrator'> | null): string | null {
  if (target.administrator && !editor?.administrator && target.id !== editor?.id) return 'fleet.users.cannotEditHigherAdmin';
  return null;
}

/** Who may act as whom (the gateway's rule): administrators as anybody else, managers as a user below them that is no administrator. */
export function canActAs(target: Pick<User, 'id' | 'administrator'>, editor: Pick<User, 'id' | 'administrator' | 'userLimit'>): boolean {
  if (target.id === editor.id) return false;
  if (editor.administrator) return true;
  return (editor.userLimit ?? 0) !== 0 && !target.administrator;
}
