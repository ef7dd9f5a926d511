import type { LngLat } from '@rastro/shared';
import type { EngineGeoJsonSource, EngineMap } from '../engine';
import type { RouteFeatures } from './routeFeatures';

const ROUTE_SOURCE = 'rastro-route';
const ROUTE_MARKERS_SOURCE = 'rastro-route-markers';
const PLAYBACK_SOURCE = 'rastro-route-playback';
/** What the warm-up fills and empties again. */
const ROUTE_SOURCES = [ROUTE_SOURCE, ROUTE_MARKERS_SOURCE, PLAYBACK_SOURCE];
const empty = { type: 'FeatureCollection', features: [] };
const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });
/** Drawn, not seen: the engines skip a layer whose opacity is 0. */
const WARM_UP_OPACITY = 0.01;
/** A clear pixel, for the warm-up's icon. */
const WARM_UP_ICON = 'rastro-warm-up-icon';

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
  // Draws only the warm-up's marker (see warmUpRouteLayers): the fleet's markers' program.
  map.addLayer({
    id: 'rastro-route-warm-up-icon',
    type: 'symbol',
    source: ROUTE_MARKERS_SOURCE,
    filter: ['has', 'warmUpIcon'],
    layout: { 'icon-image': WARM_UP_ICON, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
    paint: { 'icon-opacity': 0 },
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

/**
 * The layers the warm-up draws, one more each frame (a frame that builds programs waits for their
 * compile: one layer's at a time keeps each such frame short), with the paint that shows them and
 * their value after the warm-up. Only the warm-up's marker has an icon, so that layer rests unseen.
 */
const WARM_UP_STAGES: ReadonlyArray<{ layer: string; properties: readonly string[]; rest: number }> = [
  { layer: 'rastro-route-casing', properties: ['line-opacity'], rest: 1 },
  { layer: 'rastro-route-line', properties: ['line-opacity'], rest: 1 },
  { layer: 'rastro-route-markers', properties: ['circle-opacity', 'circle-stroke-opacity'], rest: 1 },
  { layer: 'rastro-route-marker-labels', properties: ['text-opacity'], rest: 1 },
  { layer: 'rastro-route-warm-up-icon', properties: ['icon-opacity'], rest: 0 },
  { layer: 'rastro-route-playback', properties: ['circle-opacity', 'circle-stroke-opacity'], rest: 1 },
];
/** Some text: a label layer without glyphs to draw is skipped, and its program is not built (nor its glyphs fetched). */
const WARM_UP_LABEL = 'o';
const warmingUp = new WeakMap<EngineMap, () => void>();
const warmedUp = new WeakSet<EngineMap>();

/**
 * Draws the route's layers, faintly, before a route, one more each frame: an engine builds a layer's
 * GPU programs the first time it draws the layer, and waits for the GPU to compile them. On a slow GPU
 * (SwiftShader: 25–90 ms a program) the frame that first showed a route was a long task for that
 * alone. Warmed up when a screen that draws routes opens (route:expected), the route's frame finds
 * its programs ready. Once per map.
 */
export function warmUpRouteLayers(map: EngineMap): void {
  if (warmedUp.has(map) || warmingUp.has(map)) return;
  const { lng, lat } = map.getCenter();
  const here = { type: 'Point', coordinates: [lng, lat] };
  const paintStage = ({ layer, properties }: (typeof WARM_UP_STAGES)[number], value: number) => {
    for (const property of properties) map.setPaintProperty(layer, property, value);
  };
  // Not drawn at all (an engine skips a layer whose opacity is 0) until its turn.
  for (const stage of WARM_UP_STAGES) paintStage(stage, 0);
  setData(map, ROUTE_SOURCE, collection([{ type: 'Feature', properties: { colour: '#000000' }, geometry: { type: 'LineString', coordinates: [[lng, lat], [lng + 0.001, lat]] } }]));
  // The marker has an icon too: a fleet shown in clusters has not drawn one yet, and the route's
  // camera, closer in, shows its markers (the same program for any icon).
  if (!map.hasImage(WARM_UP_ICON)) map.addImage(WARM_UP_ICON, { width: 1, height: 1, data: new Uint8Array(4) });
  setData(map, ROUTE_MARKERS_SOURCE, collection([{ type: 'Feature', properties: { kind: 'stop', label: WARM_UP_LABEL, warmUpIcon: true }, geometry: here }]));
  setData(map, PLAYBACK_SOURCE, collection([{ type: 'Feature', properties: {}, geometry: here }]));
  // Once every route source has the warm-up's data, each frame drawn shows the next layer; done
  // after the frame that drew the last.
  const loaded = new Set<string>();
  let shown = 0;
  const onSourceData = (event: unknown) => {
    const { sourceId, isSourceLoaded } = (event ?? {}) as { sourceId?: string; isSourceLoaded?: boolean };
    if (isSourceLoaded && sourceId) loaded.add(sourceId);
  };
  const onRender = () => {
    if (!ROUTE_SOURCES.every((id) => loaded.has(id))) return;
    const next = WARM_UP_STAGES[shown];
    if (!next) return finish();
    paintStage(next, WARM_UP_OPACITY);
    shown += 1;
  };
  const finish = () => {
    map.off('sourcedata', onSourceData);
    map.off('render', onRender);
    warmingUp.delete(map);
    warmedUp.add(map);
    for (const stage of WARM_UP_STAGES) paintStage(stage, stage.rest);
    for (const id of ROUTE_SOURCES) setData(map, id, empty);
  };
  map.on('sourcedata', onSourceData);
  map.on('render', onRender);
  warmingUp.set(map, finish);
}

/** A route came before the warm-up was drawn: the layers are set back and emptied at once. */
function endWarmUp(map: EngineMap): void {
  warmingUp.get(map)?.();
}

export function showRouteFeatures(map: EngineMap, features: RouteFeatures | null): void {
  // Nothing of a route to clear while warming up (a screen clears the map as it opens): the warm-up
  // empties its own data once drawn.
  if (!features && warmingUp.has(map)) return;
  endWarmUp(map);
  // A route drawn has had its programs built: a warm-up now would draw over it.
  if (features) warmedUp.add(map);
  setData(map, ROUTE_SOURCE, features?.segments ?? empty);
  setData(map, ROUTE_MARKERS_SOURCE, features?.markers ?? empty);
  if (!features) showPlaybackPoints(map, []);
}

export function showPlaybackPoints(map: EngineMap, lngLats: LngLat[]): void {
  if (lngLats.length === 0 && warmingUp.has(map)) return;
  endWarmUp(map);
  setData(map, PLAYBACK_SOURCE, collection(lngLats.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } }))));
}
