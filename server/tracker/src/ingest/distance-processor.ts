import type { NewPosition } from '../entities/position';
import type { LiveFleet } from '../live/live-fleet';
import { distanceMetres } from '../simulator/geo';
import { numberAttribute } from '../reports/track';
import type { PositionProcessor } from './position-ingest';

/** Traccar keeps both to the centimetre (BigDecimal, two places). */
const toCentimetre = (metres: number) => Math.round(metres * 100) / 100;

/**
 * Traccar's DistanceHandler: every stored fix carries `distance`, the metres from the device's fix
 * before (its own figure when the device sends one), and `totalDistance`, their running sum. Reports
 * and maintenance read them: a summary over a month is the difference of two fixes' totalDistance
 * instead of a walk through every fix between. A fix that comes with a totalDistance (the
 * simulator's, which keeps its own odometer) is left as it is.
 */
export function distanceProcessor(): PositionProcessor {
  return (positions: readonly NewPosition[], live: Pick<LiveFleet, 'latestPosition'>) => {
    // A step may hold several fixes of one device: each follows the one before it in the step.
    const before = new Map<number, NewPosition>();
    return positions.map((position) => {
      const previous = before.get(position.deviceId) ?? live.latestPosition(position.deviceId);
      before.set(position.deviceId, position);
      if (numberAttribute(position, 'totalDistance') !== undefined) return position;
      const sent = numberAttribute(position, 'distance');
      const distance = sent ?? (previous ? toCentimetre(distanceMetres(previous, position)) : 0);
      const totalDistance = toCentimetre((previous ? (numberAttribute(previous, 'totalDistance') ?? 0) : 0) + distance);
      const completed = { ...position, attributes: { ...position.attributes, distance, totalDistance } };
      before.set(position.deviceId, completed);
      return completed;
    });
  };
}
