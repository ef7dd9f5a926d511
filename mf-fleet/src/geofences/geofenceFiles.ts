import { circleRing, formatGeofenceArea, parseGeofenceArea } from '@rastro/shared';
import type { Geofence, GeofenceArea, LngLat } from '@rastro/shared';
import { gpx, kml } from '@tmcw/togeojson';

/** What an imported shape becomes: a geofence to create (no id). */
export interface ImportedGeofence {
  name: string;
  description: string;
  area: string;
  attributes: Record<string, unknown>;
}

type Position = number[];
type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString' | 'MultiPoint'; coordinates: Position[] }
  | { type: 'Polygon' | 'MultiLineString'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] };
interface Feature {
  type: 'Feature';
  geometry: Geometry | null;
  properties: Record<string, unknown> | null;
}

export const IMPORT_ACCEPT = '.gpx,.kml,.geojson,.json,application/gpx+xml,application/vnd.google-earth.kml+xml,application/geo+json,application/json';
/** A point without a radius becomes a circle this wide. */
const DEFAULT_POINT_RADIUS_METRES = 100;

const lngLat = (position: Position): LngLat => [Number(position[0]), Number(position[1])];
/** GeoJSON closes its rings by repeating the first point; a WKT polygon is closed implicitly. */
const openRing = (ring: Position[]) => (ring.length > 1 && ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1] ? ring.slice(0, -1) : ring).map(lngLat);

function areasOf(geometry: Geometry | null, properties: Record<string, unknown>): GeofenceArea[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Point': {
      const radius = Number(properties.radius);
      return [{ type: 'circle', center: lngLat(geometry.coordinates), radius: Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_POINT_RADIUS_METRES }];
    }
    case 'LineString':
      return geometry.coordinates.length >= 2 ? [{ type: 'line', points: geometry.coordinates.map(lngLat) }] : [];
    case 'MultiLineString':
      return geometry.coordinates.flatMap((line) => areasOf({ type: 'LineString', coordinates: line }, properties));
    case 'Polygon': {
      // Holes have no place in a Traccar polygon: the outer ring is the geofence.
      const outer = geometry.coordinates[0] ? openRing(geometry.coordinates[0]) : [];
      return outer.length >= 3 ? [{ type: 'polygon', points: outer }] : [];
    }
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((polygon) => areasOf({ type: 'Polygon', coordinates: polygon }, properties));
    case 'MultiPoint':
      return geometry.coordinates.flatMap((point) => areasOf({ type: 'Point', coordinates: point }, properties));
    case 'GeometryCollection':
      return geometry.geometries.flatMap((part) => areasOf(part, properties));
  }
}

/** A circle this screen exported (see geofencesToGeoJson) comes back as the circle, not as its ring. */
function exportedCircle(properties: Record<string, unknown>): GeofenceArea[] | null {
  const radius = Number(properties.radius);
  const center = properties.center;
  if (properties.shape !== 'circle' || !Array.isArray(center) || !(radius > 0)) return null;
  return [{ type: 'circle', center: lngLat(center as Position), radius }];
}

function featuresOf(text: string, fileName: string): Feature[] {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'gpx' || extension === 'kml') {
    const document = new DOMParser().parseFromString(text, 'text/xml');
    if (document.getElementsByTagName('parsererror').length > 0) throw new Error('not XML');
    return (extension === 'gpx' ? gpx(document) : kml(document)).features as unknown as Feature[];
  }
  const json = JSON.parse(text) as { type?: string; features?: Feature[]; geometry?: Geometry };
  if (json.type === 'FeatureCollection') return json.features ?? [];
  if (json.type === 'Feature') return [json as Feature];
  return [{ type: 'Feature', geometry: json as Geometry, properties: {} }];
}

/** The shapes of a GPX, KML or GeoJSON file as geofences, named from the file when a shape has no name. Throws when the file cannot be read. */
export function geofencesFromFile(text: string, fileName: string): ImportedGeofence[] {
  const base = fileName.replace(/\.[^.]+$/, '');
  const imported: ImportedGeofence[] = [];
  for (const feature of featuresOf(text, fileName)) {
    const properties = feature.properties ?? {};
    for (const area of exportedCircle(properties) ?? areasOf(feature.geometry, properties)) {
      const name = typeof properties.name === 'string' && properties.name.trim() ? properties.name.trim() : `${base} ${imported.length + 1}`;
      const description = typeof properties.description === 'string' ? properties.description : '';
      imported.push({ name, description, area: formatGeofenceArea(area), attributes: {} });
    }
  }
  return imported;
}

/**
 * The geofences as a GeoJSON FeatureCollection. GeoJSON has no circle: a circle goes out as a
 * polygon ring (what other tools can draw) with its centre and radius kept in the properties.
 */
export function geofencesToGeoJson(geofences: readonly Geofence[]): { type: 'FeatureCollection'; features: Array<Record<string, unknown>> } {
  const features = geofences.flatMap((geofence): Array<Record<string, unknown>> => {
    const area = parseGeofenceArea(geofence.area);
    if (!area) return [];
    const properties = { id: geofence.id, name: geofence.name, description: geofence.description ?? '', ...geofence.attributes };
    if (area.type === 'circle')
      return [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [circleRing(area.center, area.radius)] }, properties: { ...properties, shape: 'circle', center: area.center, radius: area.radius } }];
    if (area.type === 'polygon') return [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[...area.points, area.points[0]]] }, properties }];
    return [{ type: 'Feature', geometry: { type: 'LineString', coordinates: area.points }, properties }];
  });
  return { type: 'FeatureCollection', features };
}
