import type { Geofence, LngLat } from '@rastro/shared';
import type { EngineGeoJsonSource, EngineMap } from '../engine';
import { boundsOf } from '../fleetFeatures';
import { geofenceFeatures } from './geofenceFeatures';
import type { ShapeCollection } from './geofenceFeatures';

const SELECTED_SOURCE = 'rastro-geofence-selected';

/** Above the other geofences: the one chosen in a list, outlined thick, whatever the geofence layer toggle says. */
export function addSelectedGeofenceLayer(map: EngineMap): void {
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({ id: 'rastro-geofence-selected-line', type: 'line', source: SELECTED_SOURCE, paint: { 'line-color': '#f59e0b', 'line-width': 4 } });
}

function pointsOf(shapes: ShapeCollection): LngLat[] {
  return shapes.features.flatMap(({ geometry }) => (geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.type === 'LineString' ? geometry.coordinates : [geometry.coordinates]));
}

/** Highlights the geofence (null: none) and fits the camera to it, never closer than `maxZoom`. */
export function showSelectedGeofence(map: EngineMap, geofence: Geofence | null, maxZoom: number): void {
  const shapes = geofenceFeatures(geofence ? [geofence] : []);
  (map.getSource(SELECTED_SOURCE) as EngineGeoJsonSource | undefined)?.setData(shapes);
  const bounds = boundsOf(pointsOf(shapes));
  if (bounds) map.fitBounds(bounds, { padding: 48, maxZoom, duration: 300 });
}
