import type { EngineMap } from '../engine';

/**
 * An engine map for the live fleet outside a browser (unit tests, the burst bench): zoomed in with
 * every marker in view, the case where each fix starts a glide, and one GeoJSON source that the
 * caller watches.
 */
export function zoomedInFakeMap(source: object): EngineMap {
  const map = {
    getSource: () => source,
    addSource: () => undefined,
    addLayer: () => undefined,
    getLayer: () => undefined,
    removeLayer: () => undefined,
    removeSource: () => undefined,
    getZoom: () => 15,
    getBounds: () => ({ contains: () => true }),
    jumpTo: () => undefined,
    easeTo: () => undefined,
  };
  return map as unknown as EngineMap;
}
