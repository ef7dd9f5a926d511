import type { EntityStore } from '../db/entity-store';
import type { OwnerKind } from '../db/link-tables';
import type { LinksRepository } from '../db/links-repository';
import { CALENDAR, COMMAND, COMPUTED_ATTRIBUTE, DRIVER, GEOFENCE, MAINTENANCE, NOTIFICATION, REPORT, type EntityKind } from '../entities/entity-kinds';
import { businessHoursCalendarData } from './demo-calendar';
import type { DemoGroup } from './demo-fleet';
import { anchorGeofence, DEMO_COMMANDS, DEMO_COMPUTED_ATTRIBUTE, DEMO_DRIVERS, DEMO_GEOFENCES, DEMO_MAINTENANCE, DEMO_NOTIFICATIONS } from './demo-objects';

export interface DemoObjectsTarget {
  adminId: number;
  groupIds: Record<DemoGroup, number>;
  /** The vehicle that gets the anchor geofence. */
  anchoredDevice: { id: number; name: string } | undefined;
}

type Owner = readonly [OwnerKind, number];

/**
 * Inserts the demo's geofences, drivers, calendar, maintenance, notifications, commands and
 * computed attribute, and a scheduled summary report. Everything is the administrator's (Traccar links what a user creates to
 * that user); groups get the geofences, drivers, maintenance and commands that apply to them.
 */
export async function seedDemoObjects(entities: EntityStore, links: LinksRepository, { adminId, groupIds, anchoredDevice }: DemoObjectsTarget): Promise<void> {
  const admin: Owner = ['user', adminId];
  const saoPaulo: Owner = ['group', groupIds.saoPaulo];
  const deliveries: Owner = ['group', groupIds.deliveries];

  async function create(kind: EntityKind, values: Record<string, unknown>, owners: readonly Owner[]): Promise<number> {
    const { id } = await entities.insert(kind, values);
    for (const [owner, ownerId] of [admin, ...owners]) await links.link(owner, ownerId, kind.kind, id);
    return id;
  }

  await create(GEOFENCE, DEMO_GEOFENCES.depot, [deliveries]);
  await create(GEOFENCE, DEMO_GEOFENCES.downtown, [saoPaulo]);
  await create(GEOFENCE, DEMO_GEOFENCES.paulista, [saoPaulo, deliveries]);
  if (anchoredDevice) await create(GEOFENCE, anchorGeofence(anchoredDevice.id, anchoredDevice.name), [['device', anchoredDevice.id]]);

  for (const [index, driver] of DEMO_DRIVERS.entries()) await create(DRIVER, driver, [index < 2 ? deliveries : saoPaulo]);
  const businessHours = await create(CALENDAR, { name: 'Horário comercial', data: businessHoursCalendarData(), attributes: {} }, []);
  await create(REPORT, { type: 'summary', description: 'Resumo do expediente', calendarId: businessHours, attributes: {} }, [saoPaulo]);
  for (const maintenance of DEMO_MAINTENANCE) await create(MAINTENANCE, maintenance, [saoPaulo, deliveries]);
  for (const notification of DEMO_NOTIFICATIONS) await create(NOTIFICATION, notification, []);
  await create(COMMAND, DEMO_COMMANDS.engineStop, [saoPaulo, deliveries]);
  await create(COMMAND, DEMO_COMMANDS.engineResume, [saoPaulo, deliveries]);
  await create(COMMAND, DEMO_COMMANDS.openCargoDoor, [deliveries]);
  await create(COMPUTED_ATTRIBUTE, DEMO_COMPUTED_ATTRIBUTE, [saoPaulo]);
}
