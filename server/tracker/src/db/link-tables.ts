/**
 * Traccar's permission links: an owner (user, group or device) linked to an object it reaches or
 * applies to. One table per pair, named `<owner>_<property>` with `<owner>id` and `<property>id`
 * columns — the shape Traccar uses (tc_user_device…) and the one `user_device`/`user_group` had
 * from the start. `POST/DELETE /api/permissions` names a pair by its JSON keys, e.g.
 * `{"userId":1,"deviceId":2}` or `{"userId":1,"managedUserId":3}`.
 */
export type OwnerKind = 'user' | 'group' | 'device';
export type PropertyKind =
  | 'device'
  | 'group'
  | 'geofence'
  | 'notification'
  | 'calendar'
  | 'attribute'
  | 'driver'
  | 'command'
  | 'maintenance'
  | 'report'
  | 'managedUser';

/** The table that holds each kind of object. */
export const OBJECT_TABLES: Record<OwnerKind | PropertyKind, string> = {
  user: 'users',
  managedUser: 'users',
  device: 'devices',
  group: 'groups',
  geofence: 'geofences',
  notification: 'notifications',
  calendar: 'calendars',
  attribute: 'computed_attributes',
  driver: 'drivers',
  command: 'commands',
  maintenance: 'maintenances',
  report: 'reports',
};

export interface LinkTable {
  owner: OwnerKind;
  property: PropertyKind;
  table: string;
  /** JSON keys in a /api/permissions body, e.g. userId and deviceId. */
  ownerKey: string;
  propertyKey: string;
  ownerColumn: string;
  propertyColumn: string;
  ownerTable: string;
  propertyTable: string;
}

const APPLIED_TO_GROUPS_AND_DEVICES: PropertyKind[] = ['geofence', 'notification', 'attribute', 'driver', 'command', 'maintenance', 'report'];
const PAIRS: Array<[OwnerKind, PropertyKind]> = [
  ...(['device', 'group', 'calendar', 'managedUser', ...APPLIED_TO_GROUPS_AND_DEVICES] as PropertyKind[]).map((property): [OwnerKind, PropertyKind] => ['user', property]),
  ...APPLIED_TO_GROUPS_AND_DEVICES.map((property): [OwnerKind, PropertyKind] => ['group', property]),
  ...APPLIED_TO_GROUPS_AND_DEVICES.map((property): [OwnerKind, PropertyKind] => ['device', property]),
];

export const LINK_TABLES: readonly LinkTable[] = PAIRS.map(([owner, property]) => ({
  owner,
  property,
  table: `${owner}_${property.toLowerCase()}`,
  ownerKey: `${owner}Id`,
  propertyKey: `${property}Id`,
  ownerColumn: `${owner}id`,
  propertyColumn: `${property.toLowerCase()}id`,
  ownerTable: OBJECT_TABLES[owner],
  propertyTable: OBJECT_TABLES[property],
}));

/** The link table for a /api/permissions body's two keys (owner first), or undefined. */
export function linkTableForKeys(ownerKey: string, propertyKey: string): LinkTable | undefined {
  return LINK_TABLES.find((link) => link.ownerKey === ownerKey && link.propertyKey === propertyKey);
}

export function linkTable(owner: OwnerKind, property: PropertyKind): LinkTable {
  const link = LINK_TABLES.find((candidate) => candidate.owner === owner && candidate.property === property);
  if (!link) throw new Error(`no link between ${owner} and ${property}`);
  return link;
}
