import type { EntityStore } from '../db/entity-store';
import type { PropertyKind } from '../db/link-tables';
import type { ServerSettings } from '../db/server-settings-repository';
import type { UserRecord } from '../entities/user';
import { badRequest } from '../http/errors';

/**
 * Traccar's PermissionsService rules, as the API answers them: a refusal is a 400 whose text
 * names the rule ("Account is readonly", "Device access denied"…).
 */
export type EditedKind = PropertyKind | 'user';

const TYPE_NAMES: Record<EditedKind, string> = {
  user: 'User',
  managedUser: 'User',
  device: 'Device',
  group: 'Group',
  geofence: 'Geofence',
  notification: 'Notification',
  calendar: 'Calendar',
  attribute: 'Attribute',
  driver: 'Driver',
  command: 'Command',
  maintenance: 'Maintenance',
  report: 'Report',
};

export const accessDenied = (kind: EditedKind) => badRequest(`${TYPE_NAMES[kind]} access denied`);

/** The server-wide restrictions checkEdit also honours (PUT /api/server sets them). */
export type ServerRestrictions = Pick<ServerSettings, 'readonly' | 'deviceReadonly' | 'limitCommands'>;

/**
 * Whether the user may change objects of this kind at all (before looking at which one), as
 * Traccar's PermissionsService.checkEdit: the user's `readonly`, `deviceReadonly` (devices) and
 * `limitCommands` (saved commands), and the server's, all answered with Traccar's one text,
 * "Write access denied"; administrators are never refused.
 */
export function checkEdit(user: UserRecord, kind: EditedKind, server: ServerRestrictions): void {
  if (user.administrator) return;
  const denied =
    user.readonly ||
    server.readonly ||
    (kind === 'device' && (user.deviceReadonly || server.deviceReadonly)) ||
    (kind === 'command' && (user.limitCommands || server.limitCommands));
  if (denied) throw badRequest('Write access denied');
}

export function checkAdmin(user: UserRecord): void {
  if (!user.administrator) throw badRequest('Administrator access required');
}

/** Refuses unless the user (or a user it manages) is linked to the object; admins reach all. */
export async function checkReach(entities: EntityStore, user: UserRecord, kind: PropertyKind, id: number): Promise<void> {
  if (user.administrator) return;
  if (!(await entities.isReachable(kind, user.id, id))) throw accessDenied(kind);
}
