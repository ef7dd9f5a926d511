import type { EngineMap } from '../engine';
import { addRouteLayers, showPlaybackPoints, showRouteFeatures, warmUpRouteLayers } from './routeLayers';
import type { RouteFeatures } from './routeFeatures';

type Listener = (event?: unknown) => void;

/** An engine map that keeps its sources' data and layers' paint, and draws a frame when told. */
function recordingMap() {
  const data = new Map<string, { features: unknown[] }>();
  const paint = new Map<string, unknown>();
  const layers = new Map<string, { id: string; filter?: unknown }>();
  const images = new Set<string>();
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, value?: unknown) => listeners.get(event)?.forEach((listener) => listener(value));
  const map = {
    addSource: (id: string) => data.set(id, { features: [] }),
    addLayer: (layer: { id: string; filter?: unknown }) => layers.set(layer.id, layer),
    addImage: (id: string) => images.add(id),
    hasImage: (id: string) => images.has(id),
    getSource: (id: string) => ({ setData: (value: { features: unknown[] }) => data.set(id, value) }),
    setPaintProperty: (layer: string, property: string, value: unknown) => paint.set(`${layer} ${property}`, value),
    getCenter: () => ({ lng: -46.6, lat: -23.5 }),
    on: (event: string, listener: Listener) => listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event: string, listener: Listener) => listeners.get(event)?.delete(listener),
  } as unknown as EngineMap;
  addRouteLayers(map);
  /** The engine's worker has every source's data, then draws a frame with it. */
  const drawFrame = () => {
    for (const sourceId of data.keys()) emit('sourcedata', { sourceId, isSourceLoaded: true });
    emit('render');
  };
  return {
    map,
    features: (source: string) => data.get(source)?.features.length ?? 0,
    opacity: (layer: string) => paint.get(`${layer} ${layer.endsWith('labels') ? 'text' : layer.endsWith('icon') ? 'icon' : layer.includes('line') || layer.includes('casing') ? 'line' : 'circle'}-opacity`),
    layer: (id: string) => layers.get(id),
    images: () => [...images],
    markerProperties: () => (data.get('rastro-route-markers')?.features as Array<{ properties: Record<string, unknown> }>).map((feature) => feature.properties),
    labels: () => (data.get('rastro-route-markers')?.features as Array<{ properties: { label: string } }>).map((feature) => feature.properties.label),
    drawFrame,
    /** Frames drawn until the warm-up is over (the route line back at full strength), and how many. */
    drawFramesUntilWarm: () => {
      let frames = 0;
      while (paint.get('rastro-route-line line-opacity') !== 1 && frames < 20) {
        drawFrame();
        frames += 1;
      }
      return frames;
    },
    /** A frame drawn while the worker still has the data (the fleet's update, say). */
    drawFrameWithoutData: () => emit('render'),
  };
}

const route: RouteFeatures = {
  segments: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[-46.7, -23.5], [-46.6, -23.5]] }, properties: { colour: '#16a34a' } }] },
  markers: { type: 'FeatureCollection', features: [] },
} as unknown as RouteFeatures;

describe('route layers warmed up before a route', () => {
  it('draws each route layer once, too faint to see, then sets them back and leaves nothing on the map', () => {
    const { map, features, opacity, labels, drawFramesUntilWarm } = recordingMap();
    warmUpRouteLayers(map);
    expect(features('rastro-route')).toBe(1);
    expect(features('rastro-route-markers')).toBe(1);
    expect(opacity('rastro-route-line')).toBeLessThan(0.05);
    expect(opacity('rastro-route-markers')).toBeLessThan(0.05);
    // A label with text: the engine skips an empty one, and would build its program with the route's.
    expect(labels()).toEqual([expect.stringMatching(/\S/)]);
    expect(opacity('rastro-route-marker-labels')).toBeLessThan(0.05);

    drawFramesUntilWarm();
    expect(features('rastro-route')).toBe(0);
    expect(features('rastro-route-markers')).toBe(0);
    expect(features('rastro-route-playback')).toBe(0);
    expect(opacity('rastro-route-line')).toBe(1);
    expect(opacity('rastro-route-casing')).toBe(1);
    expect(opacity('rastro-route-markers')).toBe(1);
    expect(opacity('rastro-route-marker-labels')).toBe(1);
    expect(opacity('rastro-route-warm-up-icon')).toBe(0);
  });

  it("shows one more layer each frame, so that a frame waits for one layer's programs at most", () => {
    const { map, opacity, drawFrame, drawFramesUntilWarm } = recordingMap();
    const layers = ['rastro-route-casing', 'rastro-route-line', 'rastro-route-markers', 'rastro-route-marker-labels', 'rastro-route-warm-up-icon', 'rastro-route-playback'];
    const shown = () => layers.filter((layer) => (opacity(layer) as number) > 0);
    warmUpRouteLayers(map);
    // Until the engine has the data, nothing is drawn.
    expect(shown()).toEqual([]);
    drawFrame();
    expect(shown()).toEqual(['rastro-route-casing']);
    drawFrame();
    expect(shown()).toEqual(['rastro-route-casing', 'rastro-route-line']);
    expect(opacity('rastro-route-line')).toBeLessThan(0.05);
    // The four other layers, then the frame that drew the last.
    expect(drawFramesUntilWarm()).toBe(5);
  });

  it("draws an icon too, for the fleet's markers that the route's camera shows, and never on a route's own markers", () => {
    const { map, layer, markerProperties } = recordingMap();
    expect(layer('rastro-route-warm-up-icon')?.filter).toEqual(['has', 'warmUpIcon']);
    showRouteFeatures(map, { ...route, markers: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-46.7, -23.5] }, properties: { kind: 'start', label: 'Início' } }] } });
    expect(markerProperties()[0]).not.toHaveProperty('warmUpIcon');

    const warmed = recordingMap();
    warmUpRouteLayers(warmed.map);
    expect(warmed.markerProperties()[0]).toHaveProperty('warmUpIcon', true);
    expect(warmed.images()).toHaveLength(1);
  });

  it('waits for a frame with its data: a frame drawn before the engine has it does not end it', () => {
    const { map, opacity, drawFrameWithoutData, drawFramesUntilWarm } = recordingMap();
    warmUpRouteLayers(map);
    drawFrameWithoutData();
    drawFrameWithoutData();
    expect(opacity('rastro-route-casing')).toBe(0);
    expect(drawFramesUntilWarm()).toBe(7);
    expect(opacity('rastro-route-line')).toBe(1);
  });

  it('gives way to a route that comes first: the route is drawn at full strength, with nothing of the warm-up', () => {
    const { map, features, opacity, drawFrame } = recordingMap();
    warmUpRouteLayers(map);
    showRouteFeatures(map, route);
    expect(opacity('rastro-route-line')).toBe(1);
    expect(features('rastro-route')).toBe(1);
    expect(features('rastro-route-playback')).toBe(0);
    // Its frame later must not empty the route.
    drawFrame();
    expect(features('rastro-route')).toBe(1);
  });

  it('goes on through a clearing of the map, as a screen that draws routes does when it opens', () => {
    const { map, features, opacity, drawFramesUntilWarm } = recordingMap();
    warmUpRouteLayers(map);
    showRouteFeatures(map, null);
    showPlaybackPoints(map, []);
    expect(features('rastro-route')).toBe(1);
    expect(features('rastro-route-playback')).toBe(1);
    expect(opacity('rastro-route-line')).toBeLessThan(0.05);
    drawFramesUntilWarm();
    expect(features('rastro-route')).toBe(0);
    expect(opacity('rastro-route-line')).toBe(1);
  });

  it('never draws over a route on the map, and warms a map up once', () => {
    const shown = recordingMap();
    showRouteFeatures(shown.map, route);
    warmUpRouteLayers(shown.map);
    expect(shown.features('rastro-route')).toBe(1);
    expect(shown.opacity('rastro-route-line')).toBeUndefined();

    const warmed = recordingMap();
    warmUpRouteLayers(warmed.map);
    warmed.drawFramesUntilWarm();
    warmUpRouteLayers(warmed.map);
    expect(warmed.features('rastro-route')).toBe(0);
  });
});
