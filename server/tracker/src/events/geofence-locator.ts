import type { NewPosition } from '../entities/position';
import type { LiveFleet } from '../live/live-fleet';
import type { FleetConfig } from './fleet-config';
import type { FleetConfigSource } from './fleet-config-cache';

/**
 * Which of its geofences a device is in at each fix. The ingest asks before storing (see
 * `processor`), and the fix keeps the answer in `geofenceIds`, as Traccar's GeofenceHandler
 * stores it; the next fix is compared with what was true then — a geofence drawn around a parked
 * car gives it a geofenceEnter, as in Traccar — and the geofence and overspeed detectors share the
 * work. Fixes that never went through the ingest (unit tests) are worked out on demand.
 */
export class GeofenceLocator {
  private readonly known = new WeakMap<NewPosition, readonly number[]>();

  /** Geofence ids containing the fix; an invalid fix (no GPS) keeps the previous fix's. */
  geofenceIdsAt(fix: NewPosition, previous: NewPosition | undefined, config: FleetConfig): readonly number[] {
    if (fix.geofenceIds !== undefined) return fix.geofenceIds ?? [];
    let ids = this.known.get(fix);
    if (!ids) {
      ids = fix.valid ? this.containing(fix, config) : previous ? this.geofenceIdsAt(previous, undefined, config) : [];
      this.known.set(fix, ids);
    }
    return ids;
  }

  /** The ingest step that stores each fix's geofenceIds (null when in none), configuration read once. */
  processor(config: FleetConfigSource) {
    return async (positions: readonly NewPosition[], live: LiveFleet): Promise<NewPosition[]> => {
      const current = await config.current();
      // A step may carry several fixes of one device: each follows the one before it.
      const previousOf = new Map<number, NewPosition | undefined>();
      return positions.map((position) => {
        const previous = previousOf.has(position.deviceId) ? previousOf.get(position.deviceId) : live.latestPosition(position.deviceId);
        const ids = position.valid ? this.containing(position, current) : previous ? this.geofenceIdsAt(previous, undefined, current) : [];
        const located = { ...position, geofenceIds: ids.length > 0 ? ids : null };
        previousOf.set(position.deviceId, located);
        return located;
      });
    };
  }

  private containing(fix: NewPosition, config: FleetConfig): number[] {
    return config
      .geofencesOf(fix.deviceId)
      .filter((geofence) => geofence.shape?.contains(fix))
      .map((geofence) => geofence.id);
  }
}
