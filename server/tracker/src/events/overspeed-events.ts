import type { FleetConfig } from './fleet-config';
import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import type { GeofenceLocator } from './geofence-locator';

interface SpeedLimit {
  /** Knots, like speeds. */
  limit: number;
  /** The geofence whose limit applies, 0 for the device's own. */
  geofenceId: number;
}

/** Traccar's OverspeedState, kept per device. */
interface OverspeedState {
  overspeed: boolean;
  /** When the current excess began; null once it has been reported (or when there is none). */
  since: Date | null;
  geofenceId: number;
}

/**
 * deviceOverspeed as Traccar 6's OverspeedEventHandler and OverspeedProcessor raise it: once per
 * excess, when the speed has stayed above the limit (times `event.overspeed.thresholdMultiplier`,
 * default 1) for `event.overspeed.minimalDuration` seconds (default 0: at the first fast fix),
 * judged on fix times. The limit is the `speedLimit` (knots) of a geofence the fix lies in — the
 * highest if several, the lowest with `event.overspeed.preferLowest` — or else the device's, its
 * group's or the server's. Traccar reads the three `event.overspeed.*` keys from its configuration
 * file; here they are looked up like `speedLimit` (device, groups, then the server's attributes).
 * Invalid and late fixes change nothing. Attributes `speed` (of the fix that completes the
 * duration) and `speedLimit`; `geofenceId` of the geofence whose limit was exceeded first.
 */
export function overspeedEvents(locator: GeofenceLocator): FixDetector {
  const states = new Map<number, OverspeedState>();
  return (fix, previous, config) => {
    if (isLate(fix, previous) || !fix.valid) return [];
    const settings = overspeedSettings(config, fix.deviceId);
    const limit = speedLimitAt(locator.geofenceIdsAt(fix, previous, config), fix.deviceId, config, settings.preferLowest);
    if (!limit) return [];
    const threshold = limit.limit * settings.multiplier;
    // After a restart the state is gone (Traccar keeps it on the device): a device already too
    // fast at its previous fix is taken as reported, so a restart does not raise the event again.
    const state = states.get(fix.deviceId) ?? { overspeed: previous !== undefined && previous.speed > threshold, since: null, geofenceId: 0 };
    states.set(fix.deviceId, state);

    if (fix.speed <= threshold) {
      Object.assign(state, { overspeed: false, since: null, geofenceId: 0 });
      return [];
    }
    if (!state.overspeed) Object.assign(state, { overspeed: true, since: fix.fixTime, geofenceId: limit.geofenceId });
    if (!state.since || fix.fixTime.getTime() - state.since.getTime() < settings.minimalDurationMs) return [];
    const event = fixEvent('deviceOverspeed', fix, { geofenceId: state.geofenceId, attributes: { speed: fix.speed, speedLimit: limit.limit } });
    Object.assign(state, { since: null, geofenceId: 0 });
    return [event];
  };
}

function overspeedSettings(config: FleetConfig, deviceId: number) {
  const setting = (key: string) => config.deviceAttribute(deviceId, `event.overspeed.${key}`);
  const multiplier = positive(setting('thresholdMultiplier')) ?? 1;
  const preferLowest = setting('preferLowest');
  return {
    minimalDurationMs: (positive(setting('minimalDuration')) ?? 0) * 1000,
    preferLowest: preferLowest === true || preferLowest === 'true',
    multiplier,
  };
}

/** Traccar's choice among the geofences' limits, its order-dependent comparison included. */
function speedLimitAt(geofenceIds: readonly number[], deviceId: number, config: FleetConfig, preferLowest: boolean): SpeedLimit | null {
  let geofenceLimit = 0;
  let geofenceId = 0;
  for (const id of geofenceIds) {
    const geofence = config.geofence(id);
    if (!geofence) continue;
    const current = Number(geofence.attributes.speedLimit) || 0;
    if ((current > 0 && geofenceLimit === 0) || (preferLowest && current < geofenceLimit) || (!preferLowest && current > geofenceLimit)) {
      geofenceLimit = current;
      geofenceId = id;
    }
  }
  if (geofenceLimit > 0) return { limit: geofenceLimit, geofenceId };
  const limit = positive(config.deviceAttribute(deviceId, 'speedLimit'));
  return limit ? { limit, geofenceId: 0 } : null;
}

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
