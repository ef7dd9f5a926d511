import { bulkPermissionsSchema, type PermissionArea, type PermissionGrant } from '@rastro/shared/contract';
import type { z } from 'zod';

export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** What the policy knows of a write before asking anyone: method, path (no query), its `:id`, and the JSON body when a rule reads it. */
export interface WriteRequest {
  method: WriteMethod;
  path: string;
  /** The `:id` of the matched pattern, when it has one. */
  id?: number;
  /** The parsed JSON body, only for routes with `readsBody`; undefined when absent or not JSON. */
  body?: unknown;
}

/** What a resolver may ask about a write: whose account it is, and whether a geofence is a device's anchor. */
export interface GrantLookup {
  callerId: number;
  /** Whether the stored geofence is an anchor (SPEC §3: `isAnchor` tied to a device); false when out of reach. */
  isAnchorGeofence(id: number): Promise<boolean>;
}

/** The grant of a write that depends on the request: whose account it is, the body, the object it touches. */
export type GrantResolver = (write: WriteRequest, lookup: GrantLookup) => PermissionGrant | null | Promise<PermissionGrant | null>;

export interface WriteRoute {
  method: WriteMethod;
  /** Path with `:id` for a numeric segment, e.g. `/api/devices/:id`. */
  pattern: string;
  /** The advanced permission the write needs (SPEC §6), fixed or from the request. */
  permission?: PermissionGrant | GrantResolver;
  /** Changes a device: refused to `deviceReadonly` accounts. */
  deviceWrite?: boolean;
  /** The rules need the JSON body (it is buffered and then forwarded byte for byte). */
  readsBody?: boolean;
  /** Administrators only, whatever else the caller may do (writes that bypass per-object checks). */
  adminOnly?: boolean;
  /**
   * A bulk write: its body, checked by `schema`, is an array whose every item is judged as a write
   * to `itemAs` (same method) would be; the request is refused whole when one item is (write-policy.ts).
   */
  bulk?: { itemAs: string; schema: z.ZodType<readonly unknown[]> };
}

/**
 * Writes that stay open to anyone: signing in and out, tokens, password recovery. (Registration,
 * `POST /api/users` without a session, needs no entry: without a caller there is nothing to check,
 * and the tracking server decides.)
 */
const OPEN_WRITES: ReadonlyArray<{ method: WriteMethod; pattern: RegExp }> = [
  { method: 'POST', pattern: /^\/api\/session(\/token)?$/ },
  { method: 'DELETE', pattern: /^\/api\/session$/ },
  { method: 'POST', pattern: /^\/api\/password\/[^/]+$/ },
];

export function isOpenWrite(method: string, path: string): boolean {
  return OPEN_WRITES.some((open) => open.method === method && open.pattern.test(path));
}

/** Saved-entity resources: create, edit and delete need the area's own bits. Devices and users have their own entries. */
const ENTITY_AREAS: ReadonlyArray<[path: string, area: Exclude<PermissionArea, 'devices' | 'users' | 'reports' | 'reseller' | 'ownAccount' | 'shares' | 'geofences'>]> = [
  ['/api/groups', 'groups'],
  ['/api/notifications', 'notifications'],
  ['/api/commands', 'commands'],
  ['/api/attributes/computed', 'computedAttributes'],
  ['/api/drivers', 'drivers'],
  ['/api/calendars', 'calendars'],
  ['/api/maintenance', 'maintenance'],
];

/** The id-bearing key of a permission link that names its owner (the first `…Id` key), → that owner's area. */
const PERMISSION_OWNER_AREAS: Readonly<Record<string, PermissionArea>> = {
  userId: 'users',
  deviceId: 'devices',
  groupId: 'groups',
  geofenceId: 'geofences',
  notificationId: 'notifications',
  calendarId: 'calendars',
  attributeId: 'computedAttributes',
  driverId: 'drivers',
  commandId: 'commands',
  maintenanceId: 'maintenance',
  managedUserId: 'users',
};

/** Editing one's own account is the "own account" area, anybody else's the users area. */
const userEdit: GrantResolver = (write, { callerId }) => (write.id === callerId ? ['ownAccount', 'edit'] : ['users', 'edit']);

const ANCHOR: PermissionGrant = ['devices', 'anchor'];

/** engineStop / engineResume are the lock and unlock actions, the anchor commands the anchor action; any other is "command". */
const commandSend: GrantResolver = (write) => {
  const type = isRecord(write.body) ? write.body.type : undefined;
  if (type === 'engineStop') return ['devices', 'lock'];
  if (type === 'engineResume') return ['devices', 'unlock'];
  if (type === 'anchorEnable' || type === 'anchorDisable') return ANCHOR;
  return ['devices', 'command'];
};

/** A geofence body or record that is an anchor: `isAnchor` (true or "true", as Traccar keeps what it was sent). */
export function isAnchor(geofence: unknown): boolean {
  const attributes = isRecord(geofence) && isRecord(geofence.attributes) ? geofence.attributes : {};
  return attributes.isAnchor === true || attributes.isAnchor === 'true';
}

/**
 * The anchor toggle (SPEC §4) saves and deletes a device's anchor geofence: that is the devices
 * area's anchor action (bit 9), not the geofences area. A stored anchor stays one for edits and deletes.
 */
const geofenceWrite =
  (action: 'create' | 'edit' | 'delete'): GrantResolver =>
  async (write, { isAnchorGeofence }) => {
    const anchor = isAnchor(write.body) || (write.id !== undefined && (await isAnchorGeofence(write.id)));
    return anchor ? ANCHOR : ['geofences', action];
  };

/** Linking two objects edits the owner (the first of the two keys, as Traccar orders them); linking an anchor to its device is the anchor action. */
const permissionLink: GrantResolver = async (write, { callerId, isAnchorGeofence }) => {
  if (!isRecord(write.body)) return null;
  const ownerKey = Object.keys(write.body).find((key) => key in PERMISSION_OWNER_AREAS);
  if (!ownerKey) return null;
  const geofenceId = write.body.geofenceId;
  if (ownerKey === 'deviceId' && typeof geofenceId === 'number' && (await isAnchorGeofence(geofenceId))) return ANCHOR;
  if (ownerKey === 'userId' && write.body.userId === callerId) return ['ownAccount', 'edit'];
  return [PERMISSION_OWNER_AREAS[ownerKey] as PermissionArea, 'edit'] as PermissionGrant;
};

const PERMISSIONS_BULK = { itemAs: '/api/permissions', schema: bulkPermissionsSchema };

/** Every write the policy knows, method + path → what it needs. Writes not listed get the account checks only. */
export const WRITE_ROUTES: readonly WriteRoute[] = [
  { method: 'POST', pattern: '/api/devices', permission: ['devices', 'create'], deviceWrite: true },
  { method: 'PUT', pattern: '/api/devices/:id', permission: ['devices', 'edit'], deviceWrite: true },
  { method: 'DELETE', pattern: '/api/devices/:id', permission: ['devices', 'delete'], deviceWrite: true },
  { method: 'PUT', pattern: '/api/devices/:id/accumulators', permission: ['devices', 'edit'], deviceWrite: true },
  { method: 'POST', pattern: '/api/users', permission: ['users', 'create'], readsBody: true },
  { method: 'PUT', pattern: '/api/users/:id', permission: userEdit, readsBody: true },
  { method: 'DELETE', pattern: '/api/users/:id', permission: ['users', 'delete'] },
  // "Log in as" (Traccar's POST /api/session/{id}): judged by user-rules.ts (administrators, and managers over their own users).
  { method: 'POST', pattern: '/api/session/:id', permission: ['users', 'edit'] },
  { method: 'POST', pattern: '/api/commands/send', permission: commandSend, readsBody: true },
  { method: 'POST', pattern: '/api/permissions', permission: permissionLink, readsBody: true },
  { method: 'DELETE', pattern: '/api/permissions', permission: permissionLink, readsBody: true },
  // Many links at once: each item meets the owner, anchor and reseller-limit checks of a single link.
  { method: 'POST', pattern: '/api/permissions/bulk', permission: permissionLink, readsBody: true, bulk: PERMISSIONS_BULK },
  { method: 'DELETE', pattern: '/api/permissions/bulk', permission: permissionLink, readsBody: true, bulk: PERMISSIONS_BULK },
  { method: 'PUT', pattern: '/api/server', adminOnly: true, readsBody: true },
  { method: 'POST', pattern: '/api/geofences', permission: geofenceWrite('create'), readsBody: true },
  { method: 'PUT', pattern: '/api/geofences/:id', permission: geofenceWrite('edit'), readsBody: true },
  { method: 'DELETE', pattern: '/api/geofences/:id', permission: geofenceWrite('delete') },
  ...ENTITY_AREAS.flatMap(([path, area]): WriteRoute[] => [
    { method: 'POST', pattern: path, permission: [area, 'create'] },
    // A group's new parent is checked against the tree (group-rules.ts).
    { method: 'PUT', pattern: `${path}/:id`, permission: [area, 'edit'], ...(area === 'groups' && { readsBody: true }) },
    { method: 'DELETE', pattern: `${path}/:id`, permission: [area, 'delete'] },
  ]),
];

/** The route a write matches, with its `:id`; undefined for writes the table does not list. */
export function matchWriteRoute(method: string, path: string): { route: WriteRoute; id?: number } | undefined {
  const segments = path.split('/');
  for (const route of WRITE_ROUTES) {
    if (route.method !== method) continue;
    const id = matchPattern(route.pattern.split('/'), segments);
    if (id !== null) return { route, ...(id === undefined ? {} : { id }) };
  }
  return undefined;
}

/** null: no match; undefined: a match without an id; a number: the `:id`. */
function matchPattern(pattern: string[], segments: string[]): number | undefined | null {
  if (pattern.length !== segments.length) return null;
  let id: number | undefined;
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] as string;
    if (part === ':id') {
      if (!/^\d+$/.test(segment)) return null;
      id = Number(segment);
    } else if (part !== segment) {
      return null;
    }
  }
  return id;
}

/** The grant a matched write needs, resolved against its request. */
export async function grantFor(route: WriteRoute, write: WriteRequest, lookup: GrantLookup): Promise<PermissionGrant | null> {
  if (!route.permission) return null;
  return typeof route.permission === 'function' ? route.permission(write, lookup) : route.permission;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
