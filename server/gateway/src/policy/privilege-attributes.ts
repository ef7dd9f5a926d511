import { rastroAttributeKeys, type User } from '@rastro/shared/contract';
import { refuse, type WriteRule } from './write-context';
import { isRecord } from './write-routes';

/**
 * User attributes that grant powers. Traccar lets users (and managers) write any attribute of the
 * accounts they edit — their own included — so without this rule anybody could give themselves
 * every advanced permission or make themselves a reseller. Only administrators change them, and
 * the admin-only fields below (which Traccar guards itself, with an uncoded 400).
 */
const PRIVILEGE_ATTRIBUTES: readonly string[] = [
  rastroAttributeKeys.advancedPerms,
  rastroAttributeKeys.reseller,
  rastroAttributeKeys.resellerDomain,
  rastroAttributeKeys.canCreateSubResellers,
  rastroAttributeKeys.isQrDriverId,
  rastroAttributeKeys.isQrDeviceId,
  rastroAttributeKeys.isShared,
];

/**
 * Account fields only administrators change (Traccar's checkUserUpdate refuses them with
 * "Administrator access required"), with the value a new account holds there (Traccar's
 * `new User()`): a manager or reseller neither makes an administrator nor gives a user limits.
 */
const ADMIN_ONLY_FIELDS: Readonly<Record<string, unknown>> = { administrator: false, deviceLimit: 0, userLimit: 0 };

function attributesOf(value: unknown): Record<string, unknown> {
  const attributes = (value as { attributes?: unknown } | null | undefined)?.attributes;
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, unknown>) : {};
}

const differ = (was: unknown, will: unknown) => JSON.stringify(was ?? null) !== JSON.stringify(will ?? null);

/**
 * The admin-only fields and privilege attributes the write would change, compared as JSON (clients
 * resend unchanged values; a field left out is no change); `before` is null for a new account.
 */
export function changedPrivileges(before: User | null, body: unknown): string[] {
  const sent = isRecord(body) ? body : {};
  const fields = Object.keys(ADMIN_ONLY_FIELDS).filter((field) => sent[field] !== undefined && differ(before?.[field] ?? ADMIN_ONLY_FIELDS[field], sent[field]));
  const was = attributesOf(before);
  const will = attributesOf(body);
  return [...fields, ...PRIVILEGE_ATTRIBUTES.filter((key) => differ(was[key], will[key]))];
}

const privilegeAttributesRule: WriteRule = async ({ write, route, caller, credentials, lookups }) => {
  if (caller.administrator) return;
  const creating = route?.pattern === '/api/users' && write.method === 'POST';
  const editing = route?.pattern === '/api/users/:id' && write.method === 'PUT' && write.id !== undefined;
  if (!creating && !editing) return;
  const before = editing ? await lookups.findUser(write.id as number, credentials) : null;
  const changed = changedPrivileges(before, write.body);
  if (changed.length > 0) refuse(403, 'WRITE_ACCESS_DENIED', `Only administrators change ${changed.join(', ')}`);
};

export const privilegeRules: readonly WriteRule[] = [privilegeAttributesRule];
