import type { PositionRecord } from '../entities/position';
import type { FleetConfig } from './fleet-config';

/**
 * Which of its geofences a device was in at each fix, worked out once per fix and remembered
 * while the fix is alive (the live fleet keeps each device's latest). So the next fix is compared
 * with what was true then — a geofence drawn around a parked car gives it a geofenceEnter, as in
 * Traccar, which stores each position's geofenceIds — and the geofence and overspeed detectors
 * share the work.
 */
export class GeofenceLocator {
  private readonly known = new WeakMap<PositionRecord, readonly number[]>();

  /** Geofence ids containing the fix; an invalid fix (no GPS) keeps the previous fix's. */
  geofenceIdsAt(fix: PositionRecord, previous: PositionRecord | undefined, config: FleetConfig): readonly number[] {
    let ids = this.known.get(fix);
    if (!ids) {
      ids = fix.valid ? this.containing(fix, config) : previous ? this.geofenceIdsAt(previous, undefined, config) : [];
      this.known.set(fix, ids);
    }
    return ids;
  }

  private containing(fix: PositionRecord, config: FleetConfig): number[] {
    return config
      .geofencesOf(fix.deviceId)
      .filter((geofence) => geofence.shape?.contains(fix))
      .map((geofence) => geofence.id);
  }
}
