import { isSoftDeletedUniqueId } from '@rastro/shared/contract';

type DeviceLike = { uniqueId?: unknown };

/**
 * A `GET /api/devices` answer without the devices removed in safe mode; anything but a JSON array
 * of devices is returned as is.
 *
 * Websocket `{"devices":…}` messages are deliberately not filtered: the renamed device arriving
 * there is what tells every open browser (the shared devices store drops it) that it is gone.
 */
export function withoutHiddenDevices(json: string): string {
  let devices: unknown;
  try {
    devices = JSON.parse(json);
  } catch {
    return json;
  }
  if (!Array.isArray(devices)) return json;
  const visible = devices.filter((device: DeviceLike) => !(typeof device?.uniqueId === 'string' && isSoftDeletedUniqueId(device.uniqueId)));
  return visible.length === devices.length ? json : JSON.stringify(visible);
}
