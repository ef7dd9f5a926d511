import { createHttpClient, PRODUCT_API_TIMEOUT_MS } from '@rastro/shared';

export type PushState = 'unsupported' | 'off' | 'on' | 'denied';

const product = () => createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS });

/** Whether this browser can take pushes, and whether it already does for this site. */
export async function pushState(): Promise<PushState> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'unsupported';
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Asks the permission (only ever from the user's click), subscribes this browser with the
 * gateway's VAPID key and hands the subscription to the gateway, which keeps it in the user's
 * notificationTokens (server/gateway/src/push).
 */
export async function turnPushOn(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const http = product();
  const { publicKey } = await http.json<{ publicKey: string }>('/push/key');
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  // Only what the gateway keeps (it refuses anything more): the endpoint and its keys.
  const { endpoint, keys } = subscription.toJSON();
  await http.request('/push/subscription', { method: 'POST', json: { endpoint, keys } });
  return 'on';
}
