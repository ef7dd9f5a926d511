import { mayWritePrivilege, privilegedAttribute, privilegedUserSettings, type PrivilegedUserSetting, type User } from '@rastro/shared/contract';
import { checkUserPassword } from './user-password';
import { refuse, type WriteRule } from './write-context';
import { isRecord } from './write-routes';

/** A privileged setting a write would change: the field or attribute key, and the table's entry for it. */
export interface ChangedPrivilege {
  name: string;
  setting: PrivilegedUserSetting;
}

const PRIVILEGED_FIELDS = privilegedUserSettings.filter((setting) => setting.kind === 'field');

function attributesOf(value: unknown): Record<string, unknown> {
  const attributes = (value as { attributes?: unknown } | null | undefined)?.attributes;
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, unknown>) : {};
}

const differ = (was: unknown, will: unknown) => JSON.stringify(was ?? null) !== JSON.stringify(will ?? null);

/**
 * The privileged fields and attributes (the shared table, @rastro/shared/contract) a user write
 * would change, compared as JSON (clients resend unchanged values). A field left out is no change;
 * an attribute left out is removed (Traccar replaces the whole map). `before` is null for a new account.
 */
export function changedPrivileges(before: User | null, body: unknown): ChangedPrivilege[] {
  const sent = isRecord(body) ? body : {};
  const fields = PRIVILEGED_FIELDS.filter(({ key, initial }) => sent[key] !== undefined && differ(before?.[key] ?? initial, sent[key])).map((setting) => ({ name: setting.key, setting }));
  const was = attributesOf(before);
  const will = attributesOf(body);
  const attributes = [...new Set([...Object.keys(was), ...Object.keys(will)])].flatMap((key) => {
    const setting = privilegedAttribute(key);
    return setting && differ(was[key], will[key]) ? [{ name: key, setting }] : [];
  });
  return [...fields, ...attributes];
}

/** The privileged settings this caller may not change on this account (`ownAccount`: its own). */
export function forbiddenPrivileges(caller: Pick<User, 'administrator' | 'userLimit'> | null, ownAccount: boolean, changed: readonly ChangedPrivilege[]): string[] {
  const who = { administrator: caller?.administrator === true, userLimit: caller?.userLimit ?? 0 };
  return changed.filter(({ setting }) => !mayWritePrivilege(setting, who, ownAccount)).map(({ name }) => name);
}

/**
 * Every write of a user account goes through here: creating (`POST /api/users`, a visitor's
 * registration included — `caller` null) and editing (`PUT /api/users/:id`, whose body must name
 * the same account: Traccar acts on the body's id). The password minimum holds for every caller,
 * administrators included; the privileged settings bind everyone else.
 */
export async function checkUserWrite(
  caller: User | null,
  write: { method: string; pattern: string | undefined; id?: number; body?: unknown },
  findUser: (id: number) => Promise<User | null>,
): Promise<void> {
  const creating = write.pattern === '/api/users' && write.method === 'POST';
  const editing = write.pattern === '/api/users/:id' && write.method === 'PUT' && write.id !== undefined;
  if (!creating && !editing) return;
  checkUserPassword(write.body, creating);
  if (caller?.administrator) return;
  const bodyId = isRecord(write.body) ? write.body.id : undefined;
  if (editing && bodyId !== undefined && bodyId !== write.id) refuse(400, 'INVALID_INPUT', 'The body names another account than the path');
  const before = editing ? await findUser(write.id as number) : null;
  const changed = changedPrivileges(before, write.body);
  const forbidden = forbiddenPrivileges(caller, editing && write.id === caller?.id, changed);
  if (forbidden.length === 0) return;
  const adminOnly = changed.filter(({ name, setting }) => forbidden.includes(name) && setting.writableBy === 'administrator').map(({ name }) => name);
  const managerOnly = forbidden.filter((name) => !adminOnly.includes(name));
  const message = [
    ...(adminOnly.length > 0 ? [`Only administrators change ${adminOnly.join(', ')}`] : []),
    ...(managerOnly.length > 0 ? [`Only a manager changes ${managerOnly.join(', ')}, on the users below it`] : []),
  ].join('; ');
  refuse(403, 'WRITE_ACCESS_DENIED', message);
}

const privilegeAttributesRule: WriteRule = async ({ write, route, caller, credentials, lookups }) =>
  checkUserWrite(caller, { ...write, pattern: route?.pattern }, (id) => lookups.findUser(id, credentials));

export const privilegeRules: readonly WriteRule[] = [privilegeAttributesRule];
