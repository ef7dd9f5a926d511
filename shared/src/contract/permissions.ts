import { z } from 'zod';

/**
 * Traccar's permission objects (`POST|DELETE /api/permissions` and `/api/permissions/bulk`): exactly
 * two `…Id` keys, owner first, e.g. `{"userId":1,"deviceId":2}`. The gateway checks a bulk request
 * with these schemas before judging each item, and the links screens chunk their changes by
 * MAX_BULK_PERMISSIONS.
 */

/** The most permission objects one bulk request may carry: more is 400 INVALID_INPUT, nothing judged. */
export const MAX_BULK_PERMISSIONS = 500;

/** The keys a permission object may name (Traccar's owner and property classes). */
export const permissionKeys = [
  'userId',
  'deviceId',
  'groupId',
  'geofenceId',
  'notificationId',
  'calendarId',
  'attributeId',
  'driverId',
  'commandId',
  'maintenanceId',
  'reportId',
  'managedUserId',
] as const;
export type PermissionKey = (typeof permissionKeys)[number];
export type PermissionLink = Partial<Record<PermissionKey, number>>;

const knownKeys: ReadonlySet<string> = new Set(permissionKeys);

/** One permission object: two known `…Id` keys, each a positive integer id. */
export const permissionLinkSchema = z.record(z.string(), z.unknown()).superRefine((link, context) => {
  const keys = Object.keys(link);
  if (keys.length !== 2) context.addIssue({ code: 'custom', message: 'A permission names exactly two ids, owner first' });
  for (const key of keys) {
    const id = link[key];
    if (!knownKeys.has(key)) context.addIssue({ code: 'custom', path: [key], message: `Unknown permission key ${key}` });
    else if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) context.addIssue({ code: 'custom', path: [key], message: 'An id is a positive integer' });
  }
});

/** A bulk request: up to MAX_BULK_PERMISSIONS permission objects, all naming the same two keys (as Traccar requires). */
export const bulkPermissionsSchema = z
  .array(permissionLinkSchema)
  .max(MAX_BULK_PERMISSIONS)
  .superRefine((links, context) => {
    const keysOf = (link: Record<string, unknown>) => Object.keys(link).join();
    links.forEach((link, index) => {
      if (keysOf(link) !== keysOf(links[0] as Record<string, unknown>)) context.addIssue({ code: 'custom', path: [index], message: 'Every permission of a bulk request names the same two keys, in the same order' });
    });
  });
