import { wktToGeoJSON } from '@terraformer/wkt';
import type { Position as LonLat } from 'geojson';
import { CircleShape, LineShape, PolygonShape, type GeofenceShape } from './geofence-shapes';

/** Traccar's tolerance around a LINESTRING geofence when its `polylineDistance` attribute is unset. */
export const DEFAULT_POLYLINE_DISTANCE_METRES = 25;

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
// CIRCLE is Traccar's own extension, not standard WKT, so no WKT library knows it.
const CIRCLE = new RegExp(String.raw`^\s*CIRCLE\s*\(\s*(${NUMBER})\s+(${NUMBER})\s*,\s*(${NUMBER})\s*\)\s*$`, 'i');

/**
 * Parses a geofence `area` as Traccar writes it — WKT with latitude first: `CIRCLE (lat lon, r)`,
 * `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)` — or returns why it is not one (a 400 for
 * the geofence routes). `polylineDistance` is the geofence attribute of that name, in metres.
 */
export function parseGeofenceArea(area: string, { polylineDistance }: { polylineDistance?: unknown } = {}): GeofenceShape | Error {
  const circle = CIRCLE.exec(area);
  if (circle) return parseCircle(Number(circle[1]), Number(circle[2]), Number(circle[3]));

  let geometry;
  try {
    geometry = wktToGeoJSON(area);
  } catch (error) {
    return new Error(`invalid geofence area: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (geometry.type === 'Polygon') {
    const rings = geometry.coordinates.map((ring) => closed(ring.map(swapLatLon)));
    if (rings.some((ring) => ring.length < 4) || !rings.every(allValid)) return new Error('invalid geofence area: a polygon needs at least three valid points');
    return new PolygonShape({ type: 'Polygon', coordinates: rings });
  }
  if (geometry.type === 'LineString') {
    const points = geometry.coordinates.map(swapLatLon);
    if (points.length < 2 || !allValid(points)) return new Error('invalid geofence area: a line needs at least two valid points');
    const tolerance = Number(polylineDistance);
    return new LineShape({ type: 'LineString', coordinates: points }, tolerance > 0 ? tolerance : DEFAULT_POLYLINE_DISTANCE_METRES);
  }
  return new Error(`invalid geofence area: ${geometry.type} is not a CIRCLE, POLYGON or LINESTRING`);
}

function parseCircle(latitude: number, longitude: number, radius: number): GeofenceShape | Error {
  if (!isValid([longitude, latitude])) return new Error('invalid geofence area: the circle centre is not a valid place');
  if (!(radius > 0)) return new Error('invalid geofence area: the circle radius must be positive');
  return new CircleShape({ latitude, longitude }, radius);
}

/** Traccar writes latitude first; GeoJSON (and turf) want longitude first. */
function swapLatLon([latitude, longitude]: LonLat): LonLat {
  return [longitude ?? NaN, latitude ?? NaN];
}

/** GeoJSON rings end where they start; Traccar's clients do not always repeat the first point. */
function closed(ring: LonLat[]): LonLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return ring;
  return [...ring, first];
}

function isValid([longitude, latitude]: LonLat): boolean {
  return latitude !== undefined && longitude !== undefined && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

function allValid(points: LonLat[]): boolean {
  return points.every(isValid);
}
