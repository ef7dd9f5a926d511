/**
 * What a push message shows and where its click leads, kept out of the service worker so it is
 * unit-tested. The gateway sends `{ title, body, deviceId?, eventId?, type? }` (server/gateway,
 * web-push); anything else still shows, with the product's name, rather than being dropped (a
 * browser may revoke the permission of a site that receives pushes and shows nothing).
 */
export interface PushPayload {
  title: string;
  body: string;
  deviceId?: number;
  eventId?: number;
  type?: string;
}

export function parsePushPayload(text: string | null | undefined): PushPayload {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    return { title: 'Rastro', body: text ?? '' };
  }
  if (!data || typeof data !== 'object') return { title: 'Rastro', body: typeof data === 'string' ? data : '' };
  const record = data as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);
  const text_ = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    title: text_(record.title) || 'Rastro',
    body: text_(record.body) ?? '',
    deviceId: number(record.deviceId),
    eventId: number(record.eventId),
    type: text_(record.type),
  };
}

/** The notification's options: one per event (tag), and the device to open kept in its data. */
export function notificationOptions(payload: PushPayload): NotificationOptions & { data: { url: string } } {
  return {
    body: payload.body,
    // The domain's own icon (its theme's initial and colour), as the installed app's.
    icon: '/rastro/manifest-icon.svg',
    tag: payload.eventId ? `event-${payload.eventId}` : payload.deviceId ? `device-${payload.deviceId}` : undefined,
    data: { url: clickTarget(payload) },
  };
}

/** A click opens the device's detail (SPEC §6 `/devices/{id}`), or the map when the message names none. */
export function clickTarget(payload: Pick<PushPayload, 'deviceId'>): string {
  return payload.deviceId ? `/devices/${payload.deviceId}` : '/home';
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * The click's effect: an open window of the app is sent to the target and brought forward (one
 * app, not a new tab per notification); without one, a window opens on it.
 */
export async function openFromNotification(
  target: string,
  origin: string,
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>; openWindow(url: string): Promise<unknown> },
): Promise<void> {
  const url = new URL(target, origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  if (open.url !== url) await open.navigate(url);
  // Focusing needs the click's own user activation, which a browser may have spent already: the
  // window is on the device either way.
  await open.focus().catch(() => undefined);
}
