import type { PositionRecord } from '../entities/position';
import { distanceMetres } from '../simulator/geo';
import type { TripsConfig } from './trips-config';

/** A position with the distance covered since the first position of the track, in metres. */
export interface TrackPoint {
  position: PositionRecord;
  distance: number;
}

/** A numeric attribute (Traccar's getDouble also reads numeric strings); undefined when absent. */
export function numberAttribute(position: Pick<PositionRecord, 'attributes'>, key: string): number | undefined {
  const value = position.attributes[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** Traccar's rule: the `motion` attribute decides; without one, any speed above the threshold. */
export function isMoving(position: PositionRecord, config: TripsConfig): boolean {
  const motion = position.attributes.motion;
  return typeof motion === 'boolean' ? motion : position.speed > config.speedThreshold;
}

/**
 * Turns positions (oldest first) into track points. Steps use the `totalDistance` attribute when
 * both ends carry it (Traccar always stores it); otherwise the great-circle distance between fixes.
 */
export class TrackMeter {
  private previous: TrackPoint | null = null;

  measure(position: PositionRecord): TrackPoint {
    const previous = this.previous;
    const distance = previous ? previous.distance + stepDistance(previous.position, position) : 0;
    this.previous = { position, distance };
    return this.previous;
  }
}

function stepDistance(from: PositionRecord, to: PositionRecord): number {
  const fromTotal = numberAttribute(from, 'totalDistance');
  const toTotal = numberAttribute(to, 'totalDistance');
  if (fromTotal !== undefined && toTotal !== undefined) return toTotal - fromTotal;
  return distanceMetres(from, to);
}

/** Like Traccar's PositionUtil.calculateDistance: the device odometer when both ends report one. */
export function distanceBetween(start: TrackPoint, end: TrackPoint): number {
  const odometers = odometersOf(start.position, end.position);
  return odometers.fromDevice ? odometers.end - odometers.start : end.distance - start.distance;
}

/** Start and end odometer of a stretch: the device's `odometer` when both are set, else `totalDistance`. */
export function odometersOf(start: PositionRecord, end: PositionRecord): { start: number; end: number; fromDevice: boolean } {
  const startOdometer = numberAttribute(start, 'odometer') ?? 0;
  const endOdometer = numberAttribute(end, 'odometer') ?? 0;
  if (startOdometer !== 0 && endOdometer !== 0) return { start: startOdometer, end: endOdometer, fromDevice: true };
  return { start: numberAttribute(start, 'totalDistance') ?? 0, end: numberAttribute(end, 'totalDistance') ?? 0, fromDevice: false };
}
