import type { NewPosition } from '../entities/position';
import { distanceMetres } from '../simulator/geo';

// Traccar's MotionHandler: moving above 0.01 knots.
const MOTION_THRESHOLD_KNOTS = 0.01;

const round2 = (value: number) => Math.round(value * 100) / 100;
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * What Traccar's pipeline adds to every fix a real device sends (DistanceHandler, MotionHandler,
 * EngineHoursHandler), given the device's previous position: `distance` since it and the
 * `totalDistance` odometer (metres), `motion`, and engine `hours` (ms with the ignition on).
 * Values the device sent itself win.
 */
export function withDerivedAttributes(position: NewPosition, previous: NewPosition | undefined): NewPosition {
  const attributes = { ...position.attributes };
  const distance = previous ? round2(distanceMetres(previous, position)) : 0;
  attributes.distance ??= distance;
  attributes.totalDistance ??= round2(numberOr(previous?.attributes.totalDistance, 0) + distance);
  attributes.motion ??= position.speed > MOTION_THRESHOLD_KNOTS;
  if (attributes.hours === undefined) {
    let hours = numberOr(previous?.attributes.hours, 0);
    if (previous?.attributes.ignition === true && attributes.ignition === true) hours += Math.max(0, position.fixTime.getTime() - previous.fixTime.getTime());
    if (hours !== 0) attributes.hours = hours;
  }
  return { ...position, attributes };
}
