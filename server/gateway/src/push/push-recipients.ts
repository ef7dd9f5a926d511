import type { TrackingEvent, User } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';
import { destinationsOf, NOTIFICATION_TOKENS } from './notification-tokens';

interface Notification {
  id: number;
  type: string;
  always?: boolean;
  notificators?: string;
  attributes?: Record<string, unknown>;
}

/** The channels that reach a phone or a browser in the background: Web Push rides on `web`, the mobile apps on `firebase`. */
const PUSHED_CHANNELS = new Set(['web', 'firebase']);

const channelsOf = (notification: Notification) => (notification.notificators ?? '').split(',').map((channel) => channel.trim());

/** Traccar's alarm notifications may name the alarms they are for (`alarms`, comma-separated). */
function coversEvent(notification: Notification, event: TrackingEvent): boolean {
  if (notification.type !== event.type || !channelsOf(notification).some((channel) => PUSHED_CHANNELS.has(channel))) return false;
  const alarms = notification.attributes?.alarms;
  if (event.type !== 'alarm' || typeof alarms !== 'string' || alarms.trim() === '') return true;
  return alarms.split(',').map((alarm) => alarm.trim()).includes(String(event.attributes?.alarm ?? ''));
}

export function hasDestination(user: User): boolean {
  const { webPush, firebase } = destinationsOf(user.attributes?.[NOTIFICATION_TOKENS]);
  return webPush.length + firebase.length > 0;
}

/**
 * Who gets an event pushed, as Traccar picks the users of its notificators: a user with a push
 * destination who sees the device and has a notification of the event's type on the `web` or
 * `firebase` channel, for all devices (`always`) or linked to the device or its group. Asked of the
 * tracking server as the service account, so it holds for the tracker and for a real Traccar.
 * Not weighed: the notification's calendar.
 */
export async function pushRecipients(serviceAccount: ServiceAccount, event: TrackingEvent): Promise<User[]> {
  const users = (await serviceAccount.json<User[]>({ path: '/api/users' })).filter((user) => !user.disabled && hasDestination(user));
  if (users.length === 0) return [];
  const [device] = await serviceAccount.json<Array<{ id: number; groupId?: number }>>({ path: `/api/devices?id=${event.deviceId}` });
  if (!device) return [];
  const linked = new Set(
    (
      await Promise.all([
        serviceAccount.json<Notification[]>({ path: `/api/notifications?deviceId=${device.id}` }),
        device.groupId ? serviceAccount.json<Notification[]>({ path: `/api/notifications?groupId=${device.groupId}` }) : Promise.resolve([]),
      ])
    )
      .flat()
      .map((notification) => notification.id),
  );
  const chosen = await Promise.all(
    users.map(async (user) => {
      const [devices, notifications] = await Promise.all([
        serviceAccount.json<Array<{ id: number }>>({ path: `/api/devices?userId=${user.id}` }),
        serviceAccount.json<Notification[]>({ path: `/api/notifications?userId=${user.id}` }),
      ]);
      const sees = devices.some((candidate) => candidate.id === device.id);
      const wants = notifications.some((notification) => coversEvent(notification, event) && (notification.always === true || linked.has(notification.id)));
      return sees && wants ? user : null;
    }),
  );
  return chosen.filter((user): user is User => user !== null);
}
