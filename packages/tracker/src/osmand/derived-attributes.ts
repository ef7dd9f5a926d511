import type { NewPosition } from '../entities/position';
import { distanceMetres } from '../simulator/geo';

import { TRACCAR_TRIPS_CONFIG } from '../reports/trips-config';

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
