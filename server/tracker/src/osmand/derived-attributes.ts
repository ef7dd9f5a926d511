import type { NewPosition } from '../entities/position';
import { TRACCAR_TRIPS_CONFIG } from '../reports/trips-config';
import { distanceMetres } from '../simulator/geo';

const round2 = (value: number) => Math.round(value * 100) / 100;
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * What Traccar's pipeline adds to every fix a real device sends (DistanceHandler, MotionHandler,
 * EngineHoursHandler), given the device's previous position: `distance` since it and the
 * `totalDistance` odometer (metres), `motion` (above the device's `event.motion.speedThreshold`,
 * knots), and engine `hours` (ms with the ignition on). Values the device sent itself win.
 */
export function withDerivedAttributes(position: NewPosition, previous: NewPosition | undefined, motionThreshold = TRACCAR_TRIPS_CONFIG.speedThreshold): NewPosition {
  const attributes = { ...position.attributes };
  const distance = previous ? round2(distanceMetres(previous, position)) : 0;
  attributes.distance ??= distance;
  attributes.totalDistance ??= round2(numberOr(previous?.attributes.totalDistance, 0) + distance);
  attributes.motion ??= position.speed > motionThreshold;
  if (attributes.hours === undefined) {
    let hours = numberOr(previous?.attributes.hours, 0);
    if (previous?.attributes.ignition === true && attributes.ignition === true) hours += Math.max(0, position.fixTime.getTime() - previous.fixTime.getTime());
    if (hours !== 0) attributes.hours = hours;
  }
  return { ...position, attributes };
}

/**
 * The derived attributes of a step's reports, in their order, each from the fix before it: an
 * earlier report of the same device in the step, else the device's latest position — so reports
 * that arrive together still chain their odometer. As Traccar's cache of latest positions, a late
 * fix (older than the device's latest) is measured from the latest and does not replace it.
 */
export function withDerivedAttributesInOrder(
  positions: readonly NewPosition[],
  latestOf: (deviceId: number) => NewPosition | undefined,
  motionThresholdOf: (deviceId: number) => number,
): NewPosition[] {
  const latest = new Map<number, NewPosition | undefined>();
  return positions.map((position) => {
    const previous = latest.has(position.deviceId) ? latest.get(position.deviceId) : latestOf(position.deviceId);
    const derived = withDerivedAttributes(position, previous, motionThresholdOf(position.deviceId));
    if (!previous || previous.fixTime <= derived.fixTime) latest.set(position.deviceId, derived);
    return derived;
  });
}
