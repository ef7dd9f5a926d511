import type { EngineMap } from './engine';
import type { FleetFeatureCollection } from './fleetFeatures';
import { drawMarkerIcon } from './icons/drawMarkerIcon';
import { parseMarkerIconId } from './icons/markerIcon';

export const FLEET_SOURCE = 'rastro-fleet';
export const TRAILS_SOURCE = 'rastro-trails';
export const MARKERS_LAYER = 'rastro-fleet-markers';
export const CLUSTERS_LAYER = 'rastro-fleet-clusters';
const CLUSTER_COUNT_LAYER = 'rastro-fleet-cluster-count';
const PRECISION_LAYER = 'rastro-fleet-precision';
const TRAILS_LAYER = 'rastro-trails-lines';

/** Above this zoom every device is its own marker; below it nearby markers gather into clusters. */
export const CLUSTER_MAX_ZOOM = 11;
const notCluster = ['!', ['has', 'point_count']];

/** Marker images are drawn when the engine first needs one: only the kind×state×colour mixes in use exist. */
export function drawMarkerImagesOnDemand(map: EngineMap): void {
  const draw = (id: string) => {
    const spec = parseMarkerIconId(id);
    if (!spec || map.hasImage(id)) return;
    const { pixelRatio, ...image } = drawMarkerIcon(spec);
    map.addImage(id, image, { pixelRatio });
  };
  // maplibre-gl 6 asks a resolver, in time for the symbols that need the image (its event comes
  // too late for them); mapbox-gl has only the event, which it waits for.
  if (map.setMissingStyleImageResolver) map.setMissingStyleImageResolver(draw);
  else map.on('styleimagemissing', ({ id }) => draw(id));
}

export function addTrailLayers(map: EngineMap): void {
  map.addSource(TRAILS_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({
    id: TRAILS_LAYER,
    type: 'line',
    source: TRAILS_SOURCE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#2563eb', 'line-width': 3, 'line-opacity': 0.7 },
  });
}

/**
 * The fleet as GPU layers over one GeoJSON source: symbols with one image per kind×state×colour
 * (10,000 markers are one draw call), clusters when grouping is on, accuracy circles scaled with
 * the zoom. Grouping is a source option, so switching it rebuilds the source (removeFleetLayers).
 */
export function addFleetLayers(map: EngineMap, data: FleetFeatureCollection, clustered: boolean): void {
  map.addSource(FLEET_SOURCE, { type: 'geojson', data, cluster: clustered, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: 50 });
  map.addLayer({
    id: PRECISION_LAYER,
    type: 'circle',
    source: FLEET_SOURCE,
    filter: ['all', notCluster, ['>', ['get', 'accuracyPx22'], 0]],
    paint: {
      // Metres on the ground: the radius halves with every zoom level out.
      'circle-radius': ['interpolate', ['exponential', 2], ['zoom'], 0, ['/', ['get', 'accuracyPx22'], 2 ** 22], 22, ['get', 'accuracyPx22']],
      'circle-color': '#2563eb',
      'circle-opacity': 0.12,
      'circle-stroke-color': '#2563eb',
      'circle-stroke-width': 1,
      'circle-stroke-opacity': 0.5,
    },
  });
  map.addLayer({
    id: CLUSTERS_LAYER,
    type: 'circle',
    source: FLEET_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#60a5fa', 50, '#2563eb', 500, '#1e3a8a'],
      'circle-radius': ['step', ['get', 'point_count'], 16, 50, 22, 500, 28],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT_LAYER,
    type: 'symbol',
    source: FLEET_SOURCE,
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12, 'text-allow-overlap': true },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: MARKERS_LAYER,
    type: 'symbol',
    source: FLEET_SOURCE,
    filter: notCluster,
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-rotate': ['get', 'rotation'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'text-field': ['get', 'label'],
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 1.5],
      'text-optional': true,
    },
    paint: { 'text-color': '#0f172a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });
}

export function removeFleetLayers(map: EngineMap): void {
  for (const layer of [MARKERS_LAYER, CLUSTER_COUNT_LAYER, CLUSTERS_LAYER, PRECISION_LAYER]) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(FLEET_SOURCE)) map.removeSource(FLEET_SOURCE);
}
