import type { PermissionKey } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import type { WriteRule } from './write-context';
import { isRecord } from './write-routes';

/** Where the tracking server lists, for the caller, the objects of each permission key it reaches. */
const LISTS: Readonly<Record<PermissionKey, string>> = {
  userId: '/api/users',
  managedUserId: '/api/users',
  deviceId: '/api/devices',
  groupId: '/api/groups',
  geofenceId: '/api/geofences',
  notificationId: '/api/notifications',
  calendarId: '/api/calendars',
  attributeId: '/api/attributes/computed',
  driverId: '/api/drivers',
  commandId: '/api/commands',
  maintenanceId: '/api/maintenance',
  reportId: '/api/reports',
};

/**
 * A bulk link (`/api/permissions/bulk`) names only objects the caller reaches. The tracking server
 * checks each item too, but in turn, keeping the items before a refused one (Traccar's
 * PermissionsResource): judged here first, a bulk with one object out of reach is refused whole
 * and nothing is stored. Reach is what the caller's own lists show (one read per key, asked as the
 * caller); a user owner may also be the caller itself. Administrators reach everything.
 */
export const bulkLinksReachRule: WriteRule = async ({ route, write, caller, credentials, lookups }) => {
  if (!route?.bulk || caller.administrator || !Array.isArray(write.body) || write.body.length === 0) return;
  const items = write.body.filter(isRecord);
  const keys = Object.keys(items[0] ?? {}) as PermissionKey[];
  const outOfReach: string[] = [];
  for (const key of keys) {
    const reached = await lookups.reachableIds(LISTS[key], credentials);
    if (key === 'userId') reached.add(caller.id);
    items.forEach((item, index) => {
      if (!reached.has(item[key] as number)) outOfReach.push(`${index}.${key}`);
    });
  }
  if (outOfReach.length > 0) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'A bulk link names objects out of your reach: nothing was linked or unlinked', outOfReach);
};
