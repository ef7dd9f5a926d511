import { z } from 'zod';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';

/**
 * SPEC §3's notification "auto-add to new users": a notification carrying this attribute is linked
 * to every user created afterwards by someone who reaches it (an administrator, or a manager for the
 * users it creates), so a new account hears about what its creator set up for everybody. Traccar
 * has no such flag; the gateway does it right after the tracking server creates the user.
 */
export const ADD_TO_NEW_USERS_ATTRIBUTE = 'rastro.addToNewUsers';

const notificationsSchema = z.array(z.object({ id: z.number(), attributes: z.record(z.string(), z.unknown()).optional() }).loose());
const createdSchema = z.object({ id: z.number() }).loose();

const flagged = (value: unknown) => value === true || value === 'true';

/**
 * Links the creator's "add to new users" notifications to the user just created (`createdJson`,
 * the tracking server's answer), acting as the creator. Returns how many were linked.
 */
export async function addNotificationsToNewUser(traccar: TraccarClient, creator: Credentials, createdJson: string): Promise<number> {
  const created = createdSchema.parse(JSON.parse(createdJson));
  const notifications = notificationsSchema.parse(await traccar.json({ path: '/api/notifications', credentials: creator }));
  const chosen = notifications.filter((notification) => flagged(notification.attributes?.[ADD_TO_NEW_USERS_ATTRIBUTE]));
  for (const notification of chosen)
    await traccar.json({ method: 'POST', path: '/api/permissions', json: { userId: created.id, notificationId: notification.id }, credentials: creator });
  return chosen.length;
}
