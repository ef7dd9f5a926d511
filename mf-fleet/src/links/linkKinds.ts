import { createEntityListStore, deviceSchema, entityLists } from '@rastro/shared';
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
  id: 'devices' | 'groups' | 'calendars' | 'geofences' | 'notifications' | 'drivers' | 'computed' | 'commands' | 'maintenance';
  /** The key of the linked object in a permission body. */
  key: string;
  /** The list under /api, filtered by the owner (`?deviceId=`) to see what is linked. */
  path: string;
  store: EntityListStore<{ id: number }>;
  label(item: { id: number }): string;
  /** Objects that are not linked from here (a device's anchor is the anchor toggle's business). */
  offered?(item: { id: number }): boolean;
  /** Only these owners are linked to it (a device to a user, not to another device); every owner when absent. */
  owners?: readonly LinkOwner['key'][];
}

const field = (item: { id: number }, name: string): string => {
  const value = (item as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** Every device the editor sees, for a user's links: asked only when that kind is opened. */
const linkableDevices = createEntityListStore('/devices', deviceSchema) as unknown as EntityListStore<{ id: number }>;

/** What a device, a group or a user can be linked to (Traccar's "connections"); devices, groups and calendars to users only. */
export const linkKinds: readonly LinkKind[] = [
  { id: 'devices', key: 'deviceId', path: '/devices', store: linkableDevices, label: (item) => field(item, 'name'), owners: ['userId'] },
  { id: 'groups', key: 'groupId', path: '/groups', store: entityLists.groups, label: (item) => field(item, 'name'), owners: ['userId'] },
  { id: 'calendars', key: 'calendarId', path: '/calendars', store: entityLists.calendars, label: (item) => field(item, 'name'), owners: ['userId'] },
  { id: 'geofences', key: 'geofenceId', path: '/geofences', store: entityLists.geofences, label: (item) => field(item, 'name'), offered: (item) => !isAnchorGeofence(item as Parameters<typeof isAnchorGeofence>[0]) },
  { id: 'notifications', key: 'notificationId', path: '/notifications', store: entityLists.notifications, label: (item) => notificationTypeName(field(item, 'type')) },
  { id: 'drivers', key: 'driverId', path: '/drivers', store: entityLists.drivers, label: (item) => field(item, 'name') },
  { id: 'computed', key: 'attributeId', path: '/attributes/computed', store: entityLists.computedAttributes, label: (item) => field(item, 'description') },
  { id: 'commands', key: 'commandId', path: '/commands', store: entityLists.savedCommands, label: (item) => field(item, 'description') || commandTypeLabel(field(item, 'type')) },
  { id: 'maintenance', key: 'maintenanceId', path: '/maintenance', store: entityLists.maintenance, label: (item) => field(item, 'name') },
];

/** The kinds an owner can be linked to. */
export function linkKindsFor(owner: Pick<LinkOwner, 'key'>): readonly LinkKind[] {
  return linkKinds.filter((kind) => !kind.owners || kind.owners.includes(owner.key));
}

/** The body of POST/DELETE /api/permissions: owner first, as Traccar reads it. */
export function permissionBody(owner: Pick<LinkOwner, 'key' | 'id'>, kind: Pick<LinkKind, 'key'>, itemId: number): Record<string, number> {
  return { [owner.key]: owner.id, [kind.key]: itemId };
}
