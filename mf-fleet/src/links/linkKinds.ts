import { entityLists } from '@rastro/shared';
import type { EntityListStore } from '@rastro/shared';
import { isAnchorGeofence } from '../api/fleetData';
import { commandTypeLabel } from '../commands/commandEntity';
import type { EditableArea } from '../entity/entityDefinition';
import { notificationTypeName } from '../notifications/notificationEntity';

/** Who the links belong to: Traccar names the owner first in a permission body. */
export interface LinkOwner {
  key: 'deviceId' | 'groupId' | 'userId';
  id: number;
  /** The area whose "edit" right linking needs (the gateway asks the same). */
  area: Extract<EditableArea, 'devices' | 'groups' | 'users' | 'ownAccount'>;
}

export interface LinkKind {
  id: 'geofences' | 'notifications' | 'drivers' | 'computed' | 'commands' | 'maintenance';
  /** The key of the linked object in a permission body. */
  key: string;
  /** The list under /api, filtered by the owner (`?deviceId=`) to see what is linked. */
  path: string;
  store: EntityListStore<{ id: number }>;
  label(item: { id: number }): string;
  /** Objects that are not linked from here (a device's anchor is the anchor toggle's business). */
  offered?(item: { id: number }): boolean;
}

const field = (item: { id: number }, name: string): string => {
  const value = (item as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** What a device, a group or a user can be linked to (Traccar's "connections"). */
export const linkKinds: readonly LinkKind[] = [
  { id: 'geofences', key: 'geofenceId', path: '/geofences', store: entityLists.geofences, label: (item) => field(item, 'name'), offered: (item) => !isAnchorGeofence(item as Parameters<typeof isAnchorGeofence>[0]) },
  { id: 'notifications', key: 'notificationId', path: '/notifications', store: entityLists.notifications, label: (item) => notificationTypeName(field(item, 'type')) },
  { id: 'drivers', key: 'driverId', path: '/drivers', store: entityLists.drivers, label: (item) => field(item, 'name') },
  { id: 'computed', key: 'attributeId', path: '/attributes/computed', store: entityLists.computedAttributes, label: (item) => field(item, 'description') },
  { id: 'commands', key: 'commandId', path: '/commands', store: entityLists.savedCommands, label: (item) => field(item, 'description') || commandTypeLabel(field(item, 'type')) },
  { id: 'maintenance', key: 'maintenanceId', path: '/maintenance', store: entityLists.maintenance, label: (item) => field(item, 'name') },
];

/** The body of POST/DELETE /api/permissions: owner first, as Traccar reads it. */
export function permissionBody(owner: Pick<LinkOwner, 'key' | 'id'>, kind: Pick<LinkKind, 'key'>, itemId: number): Record<string, number> {
  return { [owner.key]: owner.id, [kind.key]: itemId };
}
