import type { Device, Geofence, HttpClient, Position } from '@rastro/shared';
import { anchorOf } from '../../../api/fleetData';

/** SPEC §7/§9: the anchor is a 150 m circle at the device's position. */
export const ANCHOR_RADIUS_M = 150;

export type AnchorOutcome = 'on' | 'off' | 'cancelled' | 'noPosition';

export interface AnchorToggleInputs {
  device: Device;
  position: Position | undefined;
  geofences: readonly Geofence[];
  http: HttpClient;
  /** Asked before anything changes; false cancels (SPEC §4). */
  confirm(kind: 'on' | 'off'): Promise<boolean>;
  anchorName: string;
}

/**
 * SPEC §4 anchor toggle: with an anchor, confirm and delete it; without, confirm, save a new circle
 * geofence at the current position (id -1, calendarId 0, isAnchor/deviceId attributes) and link it
 * to the device with POST /permissions {deviceId, geofenceId}.
 */
export async function toggleAnchor({ device, position, geofences, http, confirm, anchorName }: AnchorToggleInputs): Promise<AnchorOutcome> {
  const existing = anchorOf(geofences, device.id);
  if (existing) {
    if (!(await confirm('off'))) return 'cancelled';
    await http.request(`/geofences/${existing.id}`, { method: 'DELETE' });
    return 'off';
  }
  if (!position) return 'noPosition';
  if (!(await confirm('on'))) return 'cancelled';
  const geofence = await http.json<Geofence>('/geofences', {
    method: 'POST',
    json: {
      id: -1,
      name: anchorName,
      description: anchorName,
      area: `CIRCLE (${position.latitude} ${position.longitude}, ${ANCHOR_RADIUS_M})`,
      calendarId: 0,
      attributes: { isAnchor: true, deviceId: device.id },
    },
  });
  await http.request('/permissions', { method: 'POST', json: { deviceId: device.id, geofenceId: geofence.id } });
  return 'on';
}
