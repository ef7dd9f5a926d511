import type { LngLat } from '@rastro/shared';
import type { EngineGeoJsonSource, EngineMap } from '../engine';
import type { RouteFeatures } from './routeFeatures';

const ROUTE_SOURCE = 'rastro-route';
const ROUTE_MARKERS_SOURCE = 'rastro-route-markers';
const PLAYBACK_SOURCE = 'rastro-route-playback';
const empty = { type: 'FeatureCollection', features: [] };

/** The route over the fleet: speed-coloured lines, start/end/stop/event dots, and the playback marker on top. */
export function addRouteLayers(map: EngineMap): void {
  map.addSource(ROUTE_SOURCE, { type: 'geojson', data: empty });
  map.addSource(ROUTE_MARKERS_SOURCE, { type: 'geojson', data: empty });
  map.addSource(PLAYBACK_SOURCE, { type: 'geojson', data: empty });
  map.addLayer({
    id: 'rastro-route-casing',
    type: 'line',
    source: ROUTE_SOURCE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 7 },
  });
  map.addLayer({
    id: 'rastro-route-line',
    type: 'line',
    source: ROUTE_SOURCE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': 4 },
  });
  map.addLayer({
    id: 'rastro-route-markers',
    type: 'circle',
    source: ROUTE_MARKERS_SOURCE,
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'start', 8, 'end', 8, 6],
      'circle-color': ['match', ['get', 'kind'], 'start', '#16a34a', 'end', '#dc2626', 'stop', '#f59e0b', '#7c3aed'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'rastro-route-marker-labels',
    type: 'symbol',
    source: ROUTE_MARKERS_SOURCE,
    layout: { 'text-field': ['get', 'label'], 'text-size': 11, 'text-anchor': 'top', 'text-offset': [0, 1], 'text-optional': true },
    paint: { 'text-color': '#0f172a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });
  map.addLayer({
    id: 'rastro-route-playback',
    type: 'circle',
    source: PLAYBACK_SOURCE,
    paint: { 'circle-radius': 9, 'circle-color': '#111827', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
  });
}

function setData(map: EngineMap, sourceId: string, data: unknown): void {
  (map.getSource(sourceId) as EngineGeoJsonSource | undefined)?.setData(data);
}

export function showRouteFeatures(map: EngineMap, features: RouteFeatures | null): void {
  setData(map, ROUTE_SOURCE, features?.segments ?? empty);
  setData(map, ROUTE_MARKERS_SOURCE, features?.markers ?? empty);
  if (!features) showPlaybackPoints(map, []);
}

export function showPlaybackPoints(map: EngineMap, lngLats: LngLat[]): void {
  setData(map, PLAYBACK_SOURCE, { type: 'FeatureCollection', features: lngLats.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } })) });
}
