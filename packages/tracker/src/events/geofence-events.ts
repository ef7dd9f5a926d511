import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import type { GeofenceLocator } from './geofence-locator';

/**
 * geofenceEnter / geofenceExit for the geofences that apply to the device (linked to it or to
 * one of its groups), comparing the geofences of this fix with those of the previous one.
 */
export function geofenceEvents(locator: GeofenceLocator): FixDetector {
  return (fix, previous, config) => {
    if (isLate(fix, previous)) return [];
    const now = locator.geofenceIdsAt(fix, previous, config);
    const before = previous ? locator.geofenceIdsAt(previous, undefined, config) : [];
    return [
      ...before.filter((id) => !now.includes(id)).map((geofenceId) => fixEvent('geofenceExit', fix, { geofenceId })),
      ...now.filter((id) => !before.includes(id)).map((geofenceId) => fixEvent('geofenceEnter', fix, { geofenceId })),
    ];
  };
}
