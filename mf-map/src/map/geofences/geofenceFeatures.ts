import { circleRing, parseGeofenceArea } from '@rastro/shared';
import type { Geofence, LngLat } from '@rastro/shared';
import { colourAttribute } from '../icons/markerIcon';
import { editedArea } from './geofenceEditor';
import type { GeofenceEdit } from './geofenceEditor';

export const DEFAULT_GEOFENCE_COLOUR = '#2563eb';

type Geometry = { type: 'Polygon'; coordinates: LngLat[][] } | { type: 'LineString'; coordinates: LngLat[] } | { type: 'Point'; coordinates: LngLat };

export interface ShapeFeature {
  type: 'Feature';
  id?: number;
  geometry: Geometry;
  properties: Record<string, string | number>;
}

export interface ShapeCollection {
  type: 'FeatureCollection';
  features: ShapeFeature[];
}

/** Each geofence as a polygon (circles drawn as rings) or a line, with its name and colour; unreadable areas are skipped. */
export function geofenceFeatures(geofences: Geofence[]): ShapeCollection {
  const features: ShapeFeature[] = [];
  for (const geofence of geofences) {
    const area = parseGeofenceArea(geofence.area);
    if (!area) continue;
    const properties = { geofenceId: geofence.id, name: geofence.name, color: colourAttribute(geofence.attributes.color) ?? DEFAULT_GEOFENCE_COLOUR };
    const geometry: Geometry =
      area.type === 'circle'
        ? { type: 'Polygon', coordinates: [circleRing(area.center, area.radius)] }
        : area.type === 'polygon'
          ? { type: 'Polygon', coordinates: [[...area.points, area.points[0]!]] }
          : { type: 'LineString', coordinates: area.points };
    features.push({ type: 'Feature', id: geofence.id, geometry, properties });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The shape being edited and its handles: vertices for polygons and lines; for a circle its centre
 * (handle 0) and a point due east on its edge (handle 1), dragged to resize.
 */
export function draftFeatures(edit: GeofenceEdit): ShapeCollection {
  const features: ShapeFeature[] = [];
  const handle = (coordinates: LngLat, index: number): ShapeFeature => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { handle: index } });
  if (edit.type === 'circle') {
    const center = edit.points[0];
    if (center) {
      features.push(handle(center, 0));
      const area = editedArea(edit);
      if (area?.type === 'circle') {
        const ring = circleRing(area.center, area.radius);
        features.push({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { shape: 1 } });
        // The ring starts due north; a quarter of the way round is due east.
        features.push(handle(ring[Math.round((ring.length - 1) / 4)]!, 1));
      }
    }
    return { type: 'FeatureCollection', features };
  }
  if (edit.points.length > 1) {
    const closed = edit.type === 'polygon' && edit.points.length > 2;
    features.push({
      type: 'Feature',
      geometry: closed ? { type: 'Polygon', coordinates: [[...edit.points, edit.points[0]!]] } : { type: 'LineString', coordinates: edit.points },
      properties: { shape: 1 },
    });
  }
  edit.points.forEach((point, index) => features.push(handle(point, index)));
  return { type: 'FeatureCollection', features };
}
