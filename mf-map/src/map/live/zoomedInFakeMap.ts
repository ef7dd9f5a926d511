import type { EngineGeoJsonSource, EngineMap } from '../engine';

/**
 * An engine map for the live fleet outside a browser (unit tests, the burst bench): zoomed in with
 * every marker in view, the case where each fix starts a glide, and one GeoJSON source that the
 * caller watches. The engine has each update on screen at once (its tiles reloaded, as a real
 * one tells with a 'sourcedata' event), so the repaint gate never holds the next update back.
 */
export function zoomedInFakeMap(source: Partial<EngineGeoJsonSource>): EngineMap {
  const sourceData = new Set<(event: unknown) => void>();
  const loaded = (sourceId: string) => sourceData.forEach((listener) => listener({ sourceId, sourceDataType: 'content', isSourceLoaded: true }));
  const sourceNamed = (id: string) => ({
    ...source,
    setData: (data: unknown) => {
      source.setData?.(data);
      loaded(id);
    },
    updateData: (diff: Parameters<NonNullable<EngineGeoJsonSource['updateData']>>[0]) => {
      source.updateData?.(diff);
      loaded(id);
    },
  });
  const map = {
    getSource: sourceNamed,
    addSource: () => undefined,
    addLayer: () => undefined,
    getLayer: () => undefined,
    removeLayer: () => undefined,
    removeSource: () => undefined,
    getZoom: () => 15,
    getBounds: () => ({ contains: () => true }),
    jumpTo: () => undefined,
    easeTo: () => undefined,
    on: (event: string, listener: (event: unknown) => void) => event === 'sourcedata' && sourceData.add(listener),
    off: (event: string, listener: (event: unknown) => void) => event === 'sourcedata' && sourceData.delete(listener),
    triggerRepaint: () => undefined,
    isMoving: () => false,
    loaded: () => true,
  };
  return map as unknown as EngineMap;
}
