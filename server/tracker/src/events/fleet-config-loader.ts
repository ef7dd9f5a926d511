import { toNumber, type Database } from '@rastro/db';
import type { DevicesRepository } from '../db/devices-repository';
import type { EntityJson, EntityStore } from '../db/entity-store';
import { linkTable, type OwnerKind, type PropertyKind } from '../db/link-tables';
import type { ServerSettingsRepository } from '../db/server-settings-repository';
import { CALENDAR, COMPUTED_ATTRIBUTE, DRIVER, GEOFENCE, GROUP, MAINTENANCE, NOTIFICATION } from '../entities/entity-kinds';
import { FleetConfig, type LinkPairs } from './fleet-config';

export interface FleetConfigSources {
  db: Database;
  devices: DevicesRepository;
  entities: EntityStore;
  serverSettings: ServerSettingsRepository;
}

/** Reads the whole configuration the event sources need, a handful of queries in all. */
export async function loadFleetConfig({ db, devices, entities, serverSettings }: FleetConfigSources): Promise<FleetConfig> {
  const pairs = (owner: OwnerKind, property: PropertyKind) => loadLinkPairs(db, owner, property);
  const [deviceRows, groups, geofences, maintenances, notifications, drivers, computedAttributes, calendars, server] = await Promise.all([
    devices.findAll(),
    entities.list(GROUP),
    entities.list(GEOFENCE),
    entities.list(MAINTENANCE),
    entities.list(NOTIFICATION),
    entities.list(DRIVER),
    entities.list(COMPUTED_ATTRIBUTE),
    entities.list(CALENDAR),
    serverSettings.get(),
  ]);
  const [deviceAttributes, groupAttributes] = await Promise.all([pairs('device', 'attribute'), pairs('group', 'attribute')]);
  const [deviceGeofences, deviceMaintenances, deviceNotifications, groupGeofences, groupMaintenances, groupNotifications, userNotifications, managedUsers] =
    await Promise.all([
      pairs('device', 'geofence'),
      pairs('device', 'maintenance'),
      pairs('device', 'notification'),
      pairs('group', 'geofence'),
      pairs('group', 'maintenance'),
      pairs('group', 'notification'),
      pairs('user', 'notification'),
      pairs('user', 'managedUser'),
    ]);
  return new FleetConfig({
    devices: deviceRows.map(({ id, name, groupId, attributes, uniqueId, disabled }) => ({ id, name, groupId, attributes, uniqueId, disabled })),
    groups: groups.map((group) => ({ id: group.id, groupId: toNumber(group.groupId), attributes: attributesOf(group) })),
    geofences: geofences.map((geofence) => ({
      id: geofence.id,
      name: String(geofence.name),
      area: String(geofence.area),
      calendarId: toNumber(geofence.calendarId),
      attributes: attributesOf(geofence),
    })),
    maintenances: maintenances.map((item) => ({
      id: item.id,
      name: String(item.name),
      type: String(item.type),
      start: toNumber(item.start),
      period: toNumber(item.period),
    })),
    notifications: notifications.map((notification) => ({
      id: notification.id,
      type: String(notification.type),
      always: notification.always === true,
      notificators: typeof notification.notificators === 'string' ? notification.notificators : null,
      calendarId: toNumber(notification.calendarId),
      attributes: attributesOf(notification),
    })),
    drivers: drivers.map((driver) => ({ uniqueId: String(driver.uniqueId), name: String(driver.name) })),
    calendars: calendars.map((calendar) => ({ id: calendar.id, data: String(calendar.data) })),
    computedAttributes: computedAttributes.map((attribute) => ({
      id: attribute.id,
      attribute: String(attribute.attribute),
      expression: String(attribute.expression),
      type: String(attribute.type),
      priority: toNumber(attribute.priority),
    })),
    serverAttributes: server.attributes,
    deviceLinks: { geofence: deviceGeofences, maintenance: deviceMaintenances, notification: deviceNotifications, attribute: deviceAttributes },
    groupLinks: { geofence: groupGeofences, maintenance: groupMaintenances, notification: groupNotifications, attribute: groupAttributes },
    userNotifications,
    managedUsers,
  });
}

async function loadLinkPairs(db: Database, owner: OwnerKind, property: PropertyKind): Promise<LinkPairs> {
  const link = linkTable(owner, property);
  const rows = await db.query<{ owner: unknown; property: unknown }>(`SELECT ${link.ownerColumn} AS owner, ${link.propertyColumn} AS property FROM ${link.table}`);
  return rows.map((row) => [toNumber(row.owner), toNumber(row.property)] as const);
}

function attributesOf(entity: EntityJson): Record<string, unknown> {
  return entity.attributes ?? {};
}
