import type { PositionRecord } from '../entities/position';
import type { FleetConfig } from './fleet-config';
import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import type { GeofenceLocator } from './geofence-locator';

interface SpeedLimit {
  /** Knots, like speeds. */
  limit: number;
  /** The geofence whose limit applies, 0 for the device's own. */
  geofenceId: number;
}

/**
 * deviceOverspeed once when a device starts going faster than its limit (not on every fast fix):
 * the `speedLimit` attribute (knots) of a geofence it is in — the lowest if several — or else the
 * device's own (or its group's). Attributes speed and speedLimit, geofenceId when a geofence's.
 */
export function overspeedEvents(locator: GeofenceLocator): FixDetector {
  const exceeded = (fix: PositionRecord, previous: PositionRecord | undefined, config: FleetConfig): SpeedLimit | null => {
    const limit = speedLimitAt(locator.geofenceIdsAt(fix, previous, config), fix.deviceId, config);
    return limit && fix.speed > limit.limit ? limit : null;
  };
  return (fix, previous, config) => {
    if (isLate(fix, previous)) return [];
    const limit = exceeded(fix, previous, config);
    if (!limit || (previous && exceeded(previous, undefined, config))) return [];
    return [fixEvent('deviceOverspeed', fix, { geofenceId: limit.geofenceId, attributes: { speed: fix.speed, speedLimit: limit.limit } })];
  };
}

function speedLimitAt(geofenceIds: readonly number[], deviceId: number, config: FleetConfig): SpeedLimit | null {
  let found: SpeedLimit | null = null;
  for (const geofenceId of geofenceIds) {
    const limit = positive(config.geofence(geofenceId)?.attributes.speedLimit);
    if (limit && (!found || limit < found.limit)) found = { limit, geofenceId };
  }
  if (found) return found;
  const limit = positive(config.deviceAttribute(deviceId, 'speedLimit'));
  return limit ? { limit, geofenceId: 0 } : null;
}

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
