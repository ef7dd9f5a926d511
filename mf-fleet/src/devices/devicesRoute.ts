/** Which devices screen a location shows. The shell mounts this area for /devices and /devices/{id}. */
export type DevicesRoute = { screen: 'list' } | { screen: 'create' } | { screen: 'detail'; deviceId: number } | { screen: 'edit'; deviceId: number };

export const NEW_DEVICE_PATH = '/devices/new';

/** `?edit` on the detail route opens the form: the shell's route table knows only /devices/{id}. */
export function devicesRoute(pathname: string, search: string): DevicesRoute {
  const match = /^\/devices\/([^/]+)\/?$/.exec(pathname);
  if (!match) return { screen: 'list' };
  if (match[1] === 'new') return { screen: 'create' };
  const deviceId = Number(match[1]);
  if (!Number.isInteger(deviceId) || deviceId <= 0) return { screen: 'list' };
  return new URLSearchParams(search).has('edit') ? { screen: 'edit', deviceId } : { screen: 'detail', deviceId };
}
