import type { LngLat } from '@rastro/shared';

/** A trail keeps this many recent points per device: enough for an afternoon, bounded in memory. */
export const TRAIL_MAX_POINTS = 2_000;

export interface TrailFeature {
  type: 'Feature';
  id: number;
  properties: { deviceId: number };
  geometry: { type: 'LineString'; coordinates: LngLat[] };
}

/** The trails the user turned on: each device's recent fixes, from where it was when the trail was turned on. */
export class Trails {
  private readonly lines = new Map<number, LngLat[]>();

  /** Turns a device's trail on (from its current place, if it has one); already on, it is kept. */
  start(deviceId: number, from: LngLat | undefined): void {
    if (!this.lines.has(deviceId)) this.lines.set(deviceId, from ? [from] : []);
  }

  /** Turns a trail off or forgets a device; says whether there was one. */
  stop(deviceId: number): boolean {
    return this.lines.delete(deviceId);
  }

  /** A new fix: extends the device's trail if it has one on. Says whether a trail changed. */
  extend(deviceId: number, point: LngLat): boolean {
    const line = this.lines.get(deviceId);
    if (!line) return false;
    const last = line[line.length - 1];
    // The same place again (a stopped vehicle reporting) adds nothing to the line.
    if (last && last[0] === point[0] && last[1] === point[1]) return false;
    line.push(point);
    if (line.length > TRAIL_MAX_POINTS) line.splice(0, line.length - TRAIL_MAX_POINTS);
    return true;
  }

  /** The trails that are lines yet (two points or more). */
  features(): TrailFeature[] {
    return [...this.lines]
      .filter(([, points]) => points.length > 1)
      .map(([deviceId, coordinates]) => ({ type: 'Feature', id: deviceId, properties: { deviceId }, geometry: { type: 'LineString', coordinates: [...coordinates] } }));
  }
}
