import { rastroAttributeKeys, type User } from '@rastro/shared/contract';
import { refuse, type WriteRule } from './write-context';

/**
 * User attributes that grant powers. Traccar lets users (and managers) write any attribute of the
 * accounts they edit — their own included — so without this rule anybody could give themselves
 * every advanced permission or make themselves a reseller. Only administrators change them.
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

function attributesOf(value: unknown): Record<string, unknown> {
  const attributes = (value as { attributes?: unknown } | null | undefined)?.attributes;
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, unknown>) : {};
}

/** The privilege attributes the write would change, compared as JSON (clients resend unchanged values). */
export function changedPrivileges(before: User | null, body: unknown): string[] {
  const was = attributesOf(before);
  const will = attributesOf(body);
  return PRIVILEGE_ATTRIBUTES.filter((key) => JSON.stringify(was[key] ?? null) !== JSON.stringify(will[key] ?? null));
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
