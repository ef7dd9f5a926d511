import type { LngLat } from '@rastro/shared';
import { boundsOf } from '../fleetFeatures';
import type { LngLatBounds } from '../fleetFeatures';

export interface DrawnMarker {
  deviceId: number;
  lngLat: LngLat;
}

/** What the camera does for a shared-link user: follow the one device, or frame them all again. */
export type SharedCamera = { follow: number } | { fit: LngLatBounds } | null;

/**
 * SPEC §6 shared map: the link's devices stay in view. One device is followed like any followed
 * device (the camera moves with it, frame by frame); several are framed together again whenever
 * one leaves the view, so a user who zooms in is not pulled back while they are all visible.
 */
export function sharedCamera(markers: readonly DrawnMarker[], inView: (lngLat: LngLat) => boolean): SharedCamera {
  if (markers.length === 1) return { follow: markers[0]!.deviceId };
  if (markers.every((marker) => inView(marker.lngLat))) return null;
  const bounds = boundsOf(markers.map((marker) => marker.lngLat));
  return bounds ? { fit: bounds } : null;
}
