import type { Device, Position } from '@rastro/shared';

/**
 * The one state a marker shows, most urgent first: an alarm, then a blocked (engine cut) vehicle,
 * then the connection (offline, unknown), then what an online device is doing.
 */
export const markerStates = ['alarm', 'blocked', 'offline', 'unknown', 'moving', 'ignition', 'online'] as const;
export type MarkerState = (typeof markerStates)[number];

export function markerStateOf(device: Pick<Device, 'status'>, position: Pick<Position, 'attributes'> | undefined): MarkerState {
  const attributes = position?.attributes ?? {};
  if (typeof attributes.alarm === 'string' && attributes.alarm !== '') return 'alarm';
  if (attributes.blocked === true) return 'blocked';
  if (device.status === 'offline') return 'offline';
  if (device.status === 'unknown') return 'unknown';
  if (attributes.motion === true) return 'moving';
  if (attributes.ignition === true) return 'ignition';
  return 'online';
}

/** The ring colour of each state; also the body colour of a device without its own rastro.color. */
export const markerStateColors: Record<MarkerState, string> = {
  alarm: '#dc2626',
  blocked: '#7c3aed',
  offline: '#6b7280',
  unknown: '#a8a29e',
  moving: '#16a34a',
  ignition: '#f59e0b',
  online: '#2563eb',
};
