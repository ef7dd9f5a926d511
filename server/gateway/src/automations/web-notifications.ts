import type { ServiceAccount } from '../traccar/service-account';

interface Notification {
  id: number;
  type: string;
  always?: boolean;
  notificators?: string;
}

/**
 * Traccar sends an event on the socket only to users with a matching `web` notification. The
 * service account gets one per event type the automations follow, for all its devices (`always`),
 * created when missing — so starting any number of times leaves one each.
 */
export async function ensureWebNotifications(serviceAccount: ServiceAccount, types: readonly string[]): Promise<void> {
  const existing = await serviceAccount.json<Notification[]>({ path: '/api/notifications' });
  const covered = new Set(existing.filter((notification) => notification.always === true && isWeb(notification)).map((notification) => notification.type));
  for (const type of types) {
    if (covered.has(type)) continue;
    await serviceAccount.json({ method: 'POST', path: '/api/notifications', json: { type, always: true, notificators: 'web', attributes: {} } });
  }
}

function isWeb(notification: Notification): boolean {
  return (notification.notificators ?? '').split(',').some((channel) => channel.trim() === 'web');
}
