import type { SocketMessage } from './traccar';

/**
 * Safe-mode deletion (server attribute `rastro.safeDelete`): the gateway renames a deleted
 * device's uniqueId to `deleted-<uniqueId>-<timestamp>` so its history stays; such devices are
 * hidden everywhere. The original's own dashes become underscores so the marker stays three parts.
 */
const MARKER = 'deleted';

export function isSoftDeletedUniqueId(uniqueId: string): boolean {
  const parts = uniqueId.split('-');
  return parts.length === 3 && parts[0] === MARKER;
}

export function softDeletedUniqueId(uniqueId: string, at: Date = new Date()): string {
  return `${MARKER}-${uniqueId.replaceAll('-', '_')}-${at.getTime()}`;
}

/**
 * The websocket message that tells an open browser a device was removed in safe mode: the device
 * with its renamed uniqueId, which the shared devices store drops on arrival. The tracking server
 * sends devices only on status changes, so the gateway sends this itself (and nothing more of the device).
 */
export function deviceRemovedMessage(device: { id: number; name: string; uniqueId: string }): SocketMessage {
  return { devices: [{ id: device.id, name: device.name, uniqueId: device.uniqueId, status: 'unknown', attributes: {} }] };
}
