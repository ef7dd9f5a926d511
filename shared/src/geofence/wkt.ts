import { wktToGeoJSON } from '@terraformer/wkt';

/**
 * Geofence areas as Traccar writes them: WKT with **latitude first** (TRACCAR.md) —
 * `CIRCLE (lat lon, radiusMetres)`, `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)`.
 * Parsed into longitude-first coordinates, as GeoJSON and the map engines want them.
 */

/** [longitude, latitude], GeoJSON order. */
export type LngLat = [number, number];

export type GeofenceArea =
  | { type: 'circle'; center: LngLat; radius: number }
  | { type: 'polygon'; points: LngLat[] }
  | { type: 'line'; points: LngLat[] };

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
// CIRCLE is Traccar's own extension: no WKT library knows it.
const CIRCLE = new RegExp(String.raw`^\s*CIRCLE\s*\(\s*(${NUMBER})\s+(${NUMBER})\s*,\s*(${NUMBER})\s*\)\s*$`, 'i');

function isPlace([lng, lat]: LngLat): boolean {
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** WKT positions are [lat, lon] here; swap them into [lng, lat]. */
function swap(position: number[]): LngLat {
  return [position[1] ?? NaN, position[0] ?? NaN];
}

/** The area of a geofence, or null when the text is not one of the three shapes (the map skips it). */
export function parseGeofenceArea(wkt: string): GeofenceArea | null {
  const circle = CIRCLE.exec(wkt);
  if (circle) {
    const center: LngLat = [Number(circle[2]), Number(circle[1])];
    const radius = Number(circle[3]);
    return isPlace(center) && radius > 0 ? { type: 'circle', center, radius } : null;
  }
  let geometry;
  try {
    geometry = wktToGeoJSON(wkt);
  } catch {
    return null;
  }
  if (geometry.type === 'Polygon') {
    const ring = (geometry.coordinates[0] ?? []).map(swap);
    // The stored ring repeats its first point at the end; an editor works on the distinct points.
    const points = ring.length > 1 && samePoint(ring[0]!, ring[ring.length - 1]!) ? ring.slice(0, -1) : ring;
    return points.length >= 3 && points.every(isPlace) ? { type: 'polygon', points } : null;
  }
  if (geometry.type === 'LineString') {
    const points = geometry.coordinates.map(swap);
    return points.length >= 2 && points.every(isPlace) ? { type: 'line', points } : null;
  }
  return null;
}

function samePoint(a: LngLat, b: LngLat): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Enough decimals for a centimetre, none of the float noise. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(7)));
}

function latLon([lng, lat]: LngLat): string {
  return `${coordinate(lat)} ${coordinate(lng)}`;
}

/** The WKT Traccar stores for an area: latitude first, polygon rings closed. */
export function formatGeofenceArea(area: GeofenceArea): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${latLon(area.center)}, ${Number(area.radius.toFixed(1))})`;
    case 'polygon': {
      const ring = area.points.length > 0 ? [...area.points, area.points[0]!] : [];
      return `POLYGON ((${ring.map(latLon).join(', ')}))`;
    }
    case 'line':
      return `LINESTRING (${area.points.map(latLon).join(', ')})`;
  }
}
