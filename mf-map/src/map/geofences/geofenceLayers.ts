import type { EngineGeoJsonSource, EngineMap } from '../engine';
import type { ShapeCollection } from './geofenceFeatures';

export const GEOFENCES_SOURCE = 'rastro-geofences';
export const DRAFT_SOURCE = 'rastro-geofence-draft';
export const DRAFT_HANDLES_LAYER = 'rastro-geofence-draft-handles';
const GEOFENCE_LAYERS = ['rastro-geofences-fill', 'rastro-geofences-line', 'rastro-geofences-name'];
const empty: ShapeCollection = { type: 'FeatureCollection', features: [] };

/** Geofences under the fleet: translucent fills, outlines and names in each geofence's colour. */
export function addGeofenceLayers(map: EngineMap): void {
  map.addSource(GEOFENCES_SOURCE, { type: 'geojson', data: empty });
  map.addLayer({ id: 'rastro-geofences-fill', type: 'fill', source: GEOFENCES_SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 } });
  map.addLayer({ id: 'rastro-geofences-line', type: 'line', source: GEOFENCES_SOURCE, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } });
  map.addLayer({
    id: 'rastro-geofences-name',
    type: 'symbol',
    source: GEOFENCES_SOURCE,
    layout: { 'text-field': ['get', 'name'], 'text-size': 12, 'symbol-placement': 'point' },
    paint: { 'text-color': ['get', 'color'], 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });

  map.addSource(DRAFT_SOURCE, { type: 'geojson', data: empty });
  map.addLayer({ id: 'rastro-geofence-draft-fill', type: 'fill', source: DRAFT_SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#f97316', 'fill-opacity': 0.2 } });
  map.addLayer({ id: 'rastro-geofence-draft-line', type: 'line', source: DRAFT_SOURCE, filter: ['has', 'shape'], paint: { 'line-color': '#f97316', 'line-width': 2, 'line-dasharray': [2, 1] } });
  map.addLayer({
    id: DRAFT_HANDLES_LAYER,
    type: 'circle',
    source: DRAFT_SOURCE,
    filter: ['has', 'handle'],
    paint: { 'circle-radius': 7, 'circle-color': '#ffffff', 'circle-stroke-color': '#f97316', 'circle-stroke-width': 3 },
  });
}

export function showGeofences(map: EngineMap, data: ShapeCollection): void {
  (map.getSource(GEOFENCES_SOURCE) as EngineGeoJsonSource | undefined)?.setData(data);
}

export function setGeofencesVisible(map: EngineMap, visible: boolean): void {
  for (const layer of GEOFENCE_LAYERS) map.setLayoutProperty(layer, 'visibility', visible ? 'visible' : 'none');
}

export function showDraft(map: EngineMap, data: ShapeCollection): void {
  (map.getSource(DRAFT_SOURCE) as EngineGeoJsonSource | undefined)?.setData(data);
}
