import { CalendarSchedule } from '../calendars/calendar-schedule';
import { parseGeofenceArea } from '../geofences/geofence-area';
import type { GeofenceShape } from '../geofences/geofence-shapes';

export interface ConfigDevice {
  id: number;
  name: string;
  /** 0: no group. */
  groupId: number;
  attributes: Record<string, unknown>;
  /** What a device reports as its identifier (the OsmAnd port looks devices up by it). */
  uniqueId?: string;
  disabled?: boolean;
}

export interface ConfigGroup {
  id: number;
  /** The parent group, 0 for none. */
  groupId: number;
  attributes: Record<string, unknown>;
}

export interface ConfigGeofence {
  id: number;
  name: string;
  area: string;
  /** Events about it only while this calendar says so (0 or absent: always). */
  calendarId?: number;
  attributes: Record<string, unknown>;
}

export interface ConfigMaintenance {
  id: number;
  name: string;
  /** The position attribute it counts, e.g. totalDistance (m) or hours (ms). */
  type: string;
  start: number;
  period: number;
}

export interface ConfigNotification {
  id: number;
  type: string;
  always: boolean;
  /** Comma-separated channels, e.g. "web,mail". */
  notificators: string | null;
  /** Delivered only while this calendar says so (0 or absent: always). */
  calendarId?: number;
  attributes: Record<string, unknown>;
}

export interface ConfigCalendar {
  id: number;
  /** Base64 iCalendar, as Traccar stores it. */
  data: string;
}

export interface ConfigComputedAttribute {
  id: number;
  /** The position attribute (or field: speed, valid…) it sets. */
  attribute: string;
  expression: string;
  /** number, boolean or string. */
  type: string;
  priority: number;
}

/** Pairs of ids from a permission link table: [owner id, object id]. */
export type LinkPairs = ReadonlyArray<readonly [number, number]>;

/** The objects that apply to devices, through a direct link or a link to one of their groups. */
export type AppliedKind = 'geofence' | 'maintenance' | 'notification' | 'attribute';
const APPLIED_KINDS: readonly AppliedKind[] = ['geofence', 'maintenance', 'notification', 'attribute'];

export interface FleetConfigData {
  devices: readonly ConfigDevice[];
  groups: readonly ConfigGroup[];
  geofences: readonly ConfigGeofence[];
  maintenances: readonly ConfigMaintenance[];
  notifications: readonly ConfigNotification[];
  drivers: ReadonlyArray<{ uniqueId: string; name: string }>;
  /** Calendars (none when absent). */
  calendars?: readonly ConfigCalendar[];
  /** Computed attributes (none when absent). */
  computedAttributes?: readonly ConfigComputedAttribute[];
  /** The server's attributes, where device attribute lookups end (Traccar's AttributeUtil.lookup). */
  serverAttributes?: Readonly<Record<string, unknown>>;
  /** device_geofence, device_maintenance, device_notification, device_attribute (absent: no links). */
  deviceLinks: Readonly<Partial<Record<AppliedKind, LinkPairs>>>;
  /** group_geofence, group_maintenance, group_notification, group_attribute (absent: no links). */
  groupLinks: Readonly<Partial<Record<AppliedKind, LinkPairs>>>;
  /** user_notification. */
  userNotifications: LinkPairs;
  /** user_manageduser: [manager, managed user]. */
  managedUsers: LinkPairs;
}

export interface PlacedGeofence extends ConfigGeofence {
  /** Undefined when the stored area does not parse: such a geofence never contains anything. */
  shape: GeofenceShape | undefined;
}

/**
 * What event detection and delivery need to know about the fleet's configuration, read once and
 * then answered from memory: which geofences, maintenance items and notifications apply to each
 * device (linked to it or to its group or any ancestor group, as Traccar's cache resolves them) and
 * which users each notification reaches. Per-device answers are worked out on first use and kept,
 * so a position costs only the work of what applies to its own device.
 */
export class FleetConfig {
  private readonly devices: Map<number, ConfigDevice>;
  private readonly groups: Map<number, ConfigGroup>;
  private readonly geofences: Map<number, PlacedGeofence>;
  private readonly maintenances: Map<number, ConfigMaintenance>;
  private readonly notifications: Map<number, ConfigNotification>;
  private readonly computedAttributes: Map<number, ConfigComputedAttribute>;
  private readonly calendars: Map<number, ConfigCalendar>;
  private readonly schedules = new Map<number, CalendarSchedule | null>();
  private readonly serverAttributes: Readonly<Record<string, unknown>>;
  private readonly driverNames: Map<string, string>;
  private readonly deviceLinks: Record<AppliedKind, Map<number, number[]>>;
  private readonly groupLinks: Record<AppliedKind, Map<number, number[]>>;
  private readonly notificationUsers: Map<number, number[]>;
  private readonly appliedMemo: Record<AppliedKind, Map<number, number[]>> = { geofence: new Map(), maintenance: new Map(), notification: new Map(), attribute: new Map() };
  private readonly computedMemo = new Map<number, ConfigComputedAttribute[]>();

  constructor(data: FleetConfigData) {
    this.devices = byId(data.devices);
    this.groups = byId(data.groups);
    this.geofences = byId(data.geofences.map((geofence) => ({ ...geofence, shape: shapeOf(geofence) })));
    this.maintenances = byId(data.maintenances);
    this.notifications = byId(data.notifications);
    this.computedAttributes = byId(data.computedAttributes ?? []);
    this.calendars = byId(data.calendars ?? []);
    this.serverAttributes = data.serverAttributes ?? {};
    this.driverNames = new Map(data.drivers.map((driver) => [driver.uniqueId, driver.name]));
    this.deviceLinks = linksByKind(data.deviceLinks);
    this.groupLinks = linksByKind(data.groupLinks);
    this.notificationUsers = usersReaching(data.userNotifications, data.managedUsers);
  }

  device(id: number): ConfigDevice | undefined {
    return this.devices.get(id);
  }

  private byUniqueId: Map<string, ConfigDevice> | null = null;

  /** The device that reports under this identifier, if any. */
  deviceByUniqueId(uniqueId: string): ConfigDevice | undefined {
    this.byUniqueId ??= new Map([...this.devices.values()].flatMap((device) => (device.uniqueId === undefined ? [] : [[device.uniqueId, device] as const])));
    return this.byUniqueId.get(uniqueId);
  }

  geofence(id: number): PlacedGeofence | undefined {
    return this.geofences.get(id);
  }

  maintenance(id: number): ConfigMaintenance | undefined {
    return this.maintenances.get(id);
  }

  driverName(uniqueId: string): string | undefined {
    return this.driverNames.get(uniqueId);
  }

  geofencesOf(deviceId: number): PlacedGeofence[] {
    return pick(this.applied('geofence', deviceId), this.geofences);
  }

  maintenancesOf(deviceId: number): ConfigMaintenance[] {
    return pick(this.applied('maintenance', deviceId), this.maintenances);
  }

  /**
   * Computed attributes linked to the device or its groups, in Traccar's order: highest
   * `priority` first, then by id.
   */
  computedAttributesOf(deviceId: number): readonly ConfigComputedAttribute[] {
    let found = this.computedMemo.get(deviceId);
    if (!found) {
      found = pick(this.applied('attribute', deviceId), this.computedAttributes).sort((a, b) => b.priority - a.priority || a.id - b.id);
      this.computedMemo.set(deviceId, found);
    }
    return found;
  }

  /** Notifications that apply to the device: `always` ones and those linked to it or its groups. */
  notificationsOf(deviceId: number): ConfigNotification[] {
    const linked = new Set(this.applied('notification', deviceId));
    return [...this.notifications.values()].filter((notification) => notification.always || linked.has(notification.id));
  }

  /**
   * Whether a calendar lets a geofence or notification act at this moment, as Traccar checks it:
   * no calendar (0, or one that no longer exists or does not parse) always does.
   */
  calendarAllows(calendarId: number | undefined, moment: Date): boolean {
    if (!calendarId) return true;
    let schedule = this.schedules.get(calendarId);
    if (schedule === undefined) {
      const calendar = this.calendars.get(calendarId);
      const parsed = calendar ? CalendarSchedule.parse(calendar.data) : null;
      schedule = parsed instanceof Error ? null : parsed;
      this.schedules.set(calendarId, schedule);
    }
    return schedule?.contains(moment) ?? true;
  }

  /** Users linked to the notification, and (recursively) the users who manage them. */
  usersOf(notificationId: number): readonly number[] {
    return this.notificationUsers.get(notificationId) ?? [];
  }

  /**
   * An attribute as Traccar's AttributeUtil.lookup finds it for a device: the device's own, else
   * its group's, else the nearest ancestor group's, else the server's.
   */
  deviceAttribute(deviceId: number, key: string): unknown {
    if (!this.devices.has(deviceId)) return undefined;
    return this.ownOrGroupAttribute(deviceId, key, (value) => value !== undefined) ?? this.serverAttributes[key];
  }

  /**
   * The first value of an attribute that `accept` takes: the device's own, else its group's, else
   * the nearest ancestor group's — never the server's (Traccar's lookup for deviceInactivityStart).
   */
  ownOrGroupAttribute(deviceId: number, key: string, accept: (value: unknown) => boolean): unknown {
    const device = this.devices.get(deviceId);
    if (!device) return undefined;
    if (accept(device.attributes[key])) return device.attributes[key];
    for (const groupId of this.groupChain(device.groupId)) {
      const value = this.groups.get(groupId)?.attributes[key];
      if (accept(value)) return value;
    }
    return undefined;
  }

  /** Every device's id. */
  deviceIds(): number[] {
    return [...this.devices.keys()];
  }

  private applied(kind: AppliedKind, deviceId: number): number[] {
    let ids = this.appliedMemo[kind].get(deviceId);
    if (!ids) {
      const device = this.devices.get(deviceId);
      const found = new Set(this.deviceLinks[kind].get(deviceId));
      for (const groupId of this.groupChain(device?.groupId ?? 0)) for (const id of this.groupLinks[kind].get(groupId) ?? []) found.add(id);
      ids = [...found].sort((a, b) => a - b);
      this.appliedMemo[kind].set(deviceId, ids);
    }
    return ids;
  }

  /** The group and its ancestors, nearest first; a cycle in the data ends the walk. */
  private groupChain(groupId: number): number[] {
    const chain: number[] = [];
    for (let id = groupId; id > 0 && !chain.includes(id); id = this.groups.get(id)?.groupId ?? 0) chain.push(id);
    return chain;
  }
}

function shapeOf(geofence: ConfigGeofence): GeofenceShape | undefined {
  const shape = parseGeofenceArea(geofence.area, { polylineDistance: geofence.attributes.polylineDistance });
  return shape instanceof Error ? undefined : shape;
}

function byId<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function grouped(pairs: LinkPairs): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const [owner, id] of pairs) {
    const ids = map.get(owner);
    if (ids) ids.push(id);
    else map.set(owner, [id]);
  }
  return map;
}

function linksByKind(links: Readonly<Partial<Record<AppliedKind, LinkPairs>>>): Record<AppliedKind, Map<number, number[]>> {
  return Object.fromEntries(APPLIED_KINDS.map((kind) => [kind, grouped(links[kind] ?? [])])) as Record<AppliedKind, Map<number, number[]>>;
}

function pick<T>(ids: readonly number[], from: Map<number, T>): T[] {
  return ids.flatMap((id) => from.get(id) ?? []);
}

/** notification id → its users and their managers, up the whole management chain. */
function usersReaching(userNotifications: LinkPairs, managedUsers: LinkPairs): Map<number, number[]> {
  const managersOf = grouped(managedUsers.map(([manager, managed]) => [managed, manager] as const));
  const result = new Map<number, number[]>();
  const usersOf = grouped(userNotifications.map(([userId, notificationId]) => [notificationId, userId] as const));
  for (const [notificationId, userIds] of usersOf) {
    const reached = new Set<number>();
    const pending = [...userIds];
    for (let userId = pending.pop(); userId !== undefined; userId = pending.pop()) {
      if (reached.has(userId)) continue;
      reached.add(userId);
      pending.push(...(managersOf.get(userId) ?? []));
    }
    result.set(notificationId, [...reached]);
  }
  return result;
}
