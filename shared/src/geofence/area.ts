import type { GeofenceShapeType } from './geofence';
import type { LngLat } from './wkt';

/** Mean Earth radius (metres), the one Traccar and turf use. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two [lng, lat] points. */
export function distanceMetres([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** SPEC §4: a circle's area is π·r², shown in km². */
export function circleAreaKm2(radiusMetres: number): number {
  return (Math.PI * radiusMetres ** 2) / 1_000_000;
}

/**
 * What the editor shows as the area (SPEC §4): π·r² km² for a circle with a radius, the number of
 * points for the other shapes, and "undefined" while there are no points yet.
 */
export type GeofenceAreaSummary = { kind: 'km2'; value: number } | { kind: 'points'; value: number } | { kind: 'undefined' };

export function summarizeGeofenceArea(type: GeofenceShapeType, points: number, radiusMetres: number | null): GeofenceAreaSummary {
  if (points === 0) return { kind: 'undefined' };
  if (type === 'circle' && radiusMetres !== null && radiusMetres > 0) return { kind: 'km2', value: circleAreaKm2(radiusMetres) };
  return { kind: 'points', value: points };
}

/** A circle as a closed ring of `steps` points, to draw it (engines have no geodesic circle). */
export function circleRing(center: LngLat, radiusMetres: number, steps = 64): LngLat[] {
  const [lng, lat] = center;
  const rad = Math.PI / 180;
  const angular = radiusMetres / EARTH_RADIUS_M;
  const ring: LngLat[] = [];
  for (let step = 0; step <= steps; step += 1) {
    const bearing = ((step % steps) / steps) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat * rad) * Math.cos(angular) + Math.cos(lat * rad) * Math.sin(angular) * Math.cos(bearing));
    const lng2 = lng * rad + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat * rad), Math.cos(angular) - Math.sin(lat * rad) * Math.sin(lat2));
    ring.push([lng2 / rad, lat2 / rad]);
  }
  return ring;
}
