import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import type { GeofenceLocator } from './geofence-locator';

/**
 * geofenceEnter / geofenceExit for the geofences that apply to the device (linked to it or to
 * one of its groups), comparing the geofences of this fix with those of the previous one, as
 * Traccar's GeofenceEventHandler: a geofence with a `calendarId` raises them only while its
 * calendar covers the fix's time (it still counts as entered or left outside it, so the window
 * opening on a device already inside brings no geofenceEnter).
 */
export function geofenceEvents(locator: GeofenceLocator): FixDetector {
  return (fix, previous, config) => {
    if (isLate(fix, previous)) return [];
    const now = locator.geofenceIdsAt(fix, previous, config);
    const before = previous ? locator.geofenceIdsAt(previous, undefined, config) : [];
    // A geofence with a calendar only counts while the calendar covers the fix (deleted ones never).
    const active = (geofenceId: number) => {
      const geofence = config.geofence(geofenceId);
      return geofence !== undefined && config.calendarAllows(geofence.calendarId, fix.fixTime);
    };
    return [
      ...before.filter((id) => !now.includes(id) && active(id)).map((geofenceId) => fixEvent('geofenceExit', fix, { geofenceId })),
      ...now.filter((id) => !before.includes(id) && active(id)).map((geofenceId) => fixEvent('geofenceEnter', fix, { geofenceId })),
    ];
  };
}
