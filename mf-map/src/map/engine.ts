import { LOCAL_FONT_FAMILY } from './baseMap';

/**
 * The map engine, picked at runtime: mapbox-gl when a Mapbox token is configured, maplibre-gl (its
 * open, API-compatible fork) otherwise. Both are loaded on demand, so only the chosen one is
 * downloaded, and never on the login screen. Layer code talks to this small interface only.
 */
export interface EngineFeature {
  id?: number | string;
  properties: Record<string, unknown> | null;
  /** The layer that drew it, on features the engine answers from the screen. */
  layer?: { id: string };
  geometry: { type: string; coordinates?: unknown };
}

export interface EngineLngLat {
  lng: number;
  lat: number;
}

export interface EngineMouseEvent {
  lngLat: EngineLngLat;
  point: { x: number; y: number };
  features?: EngineFeature[];
  preventDefault(): void;
  originalEvent?: Event;
}

/**
 * The GeoJSON source of both engines. `updateData` (maplibre) sends only changed features to the
 * worker; the cluster queries answer with a promise in maplibre and a callback in mapbox-gl.
 */
export interface EngineGeoJsonSource {
  setData(data: unknown): void;
  updateData?(diff: { add?: unknown[]; remove?: Array<number | string> }): unknown;
  getClusterLeaves(clusterId: number, limit: number, offset: number, callback?: (error: unknown, features: EngineFeature[]) => void): unknown;
  getClusterExpansionZoom(clusterId: number, callback?: (error: unknown, zoom: number) => void): unknown;
}

export interface EngineBounds {
  contains(lngLat: [number, number]): boolean;
}

export interface EngineImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The part of the maplibre-gl / mapbox-gl Map API that Rastro's layer code uses; both implement it. */
export interface EngineMap {
  on(event: 'load' | 'error' | 'moveend' | 'zoomend' | 'dragstart', listener: (event?: unknown) => void): void;
  on(event: 'styleimagemissing', listener: (event: { id: string }) => void): void;
  /** A source's data or one of its tiles arrived (`sourceId`, `isSourceLoaded`, and `tile` when it was a tile). */
  on(event: 'sourcedata', listener: (event: unknown) => void): void;
  /** A frame was drawn (fired inside it, before the engine asks for the next one). */
  on(event: 'render', listener: () => void): void;
  on(event: 'click' | 'mousemove' | 'mousedown' | 'mouseup' | 'contextmenu' | 'touchmove', listener: (event: EngineMouseEvent) => void): void;
  on(event: 'click' | 'mousedown' | 'contextmenu' | 'mouseenter' | 'mouseleave' | 'touchstart', layerId: string, listener: (event: EngineMouseEvent) => void): void;
  off(event: 'mousemove' | 'mouseup' | 'click' | 'touchmove', listener: (event: EngineMouseEvent) => void): void;
  off(event: 'mousedown' | 'contextmenu' | 'touchstart', layerId: string, listener: (event: EngineMouseEvent) => void): void;
  off(event: 'sourcedata', listener: (event: unknown) => void): void;
  off(event: 'render', listener: () => void): void;
  once(event: 'mouseup' | 'touchend', listener: (event: EngineMouseEvent) => void): void;
  addSource(id: string, source: Record<string, unknown>): void;
  removeSource(id: string): void;
  addLayer(layer: Record<string, unknown>, beforeId?: string): void;
  removeLayer(id: string): void;
  getLayer(id: string): unknown;
  getSource(id: string): unknown;
  setStyle(style: unknown): void;
  /** maplibre-gl only: the style's icons, for a base style swapped in on a loaded map. */
  setSprite?(sprite: unknown): void;
  /** The style as the engine holds it now: the base map's layers and sources and Rastro's. */
  getStyle(): { layers: Array<{ id: string }>; sources: Record<string, unknown> };
  /** The features drawn on screen now, in some of Rastro's layers (those that exist). */
  queryRenderedFeatures(options?: { layers?: string[] }): EngineFeature[];
  /** The features drawn at a point of the screen (CSS pixels from the map's top left). */
  queryRenderedFeatures(point: [number, number], options?: { layers?: string[] }): EngineFeature[];
  setLayoutProperty(layerId: string, name: string, value: unknown): void;
  setPaintProperty(layerId: string, name: string, value: unknown): void;
  addImage(id: string, image: EngineImage, options?: { pixelRatio?: number }): void;
  hasImage(id: string): boolean;
  /** maplibre-gl 6: draws an image the style asks for before the symbols needing it are placed. */
  setMissingStyleImageResolver?(resolver: ((id: string) => void | Promise<void>) | null): void;
  fitBounds(bounds: [[number, number], [number, number]], options?: Record<string, unknown>): void;
  jumpTo(options: { center?: [number, number]; zoom?: number }): void;
  easeTo(options: { center?: [number, number]; zoom?: number; duration?: number }): void;
  getZoom(): number;
  getCenter(): EngineLngLat;
  getBounds(): EngineBounds;
  /** Where a place is on screen, in CSS pixels from the map's top left. */
  project(lngLat: [number, number]): { x: number; y: number };
  getCanvas(): HTMLCanvasElement;
  dragPan: { enable(): void; disable(): void };
  doubleClickZoom: { enable(): void; disable(): void };
  resize(): void;
  remove(): void;
  /** Asks the engine for a frame; it draws one per animation frame however often it is asked. */
  triggerRepaint(): void;
  /** The camera is moving (an animation, a drag, a zoom). */
  isMoving(): boolean;
  /** The style and every source are loaded and drawn as they are. */
  loaded(): boolean;
}

/** A source's cluster query as a promise, whichever engine answers. */
export function askSource<T>(ask: (callback: (error: unknown, value: T) => void) => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const answer = ask((error, value) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(value)));
    if (answer && typeof (answer as Promise<T>).then === 'function') (answer as Promise<T>).then(resolve, reject);
  });
}

export interface EngineMapOptions {
  container: HTMLElement;
  style: unknown;
  center: [number, number];
  zoom: number;
  attributionControl?: false;
  /**
   * Symbol fade after each placement, in ms. The fleet source changes every second, and every
   * change re-places the symbols: with a fade, the map repaints continuously (see fleetLayers).
   */
  fadeDuration?: number;
}

export type EngineName = 'maplibre' | 'mapbox';

export function chooseEngine(mapboxToken: string | null | undefined): EngineName {
  return mapboxToken ? 'mapbox' : 'maplibre';
}

export async function createEngineMap(engine: EngineName, options: EngineMapOptions, mapboxToken?: string | null): Promise<EngineMap> {
  if (engine === 'mapbox') {
    const [{ default: mapboxgl }] = await Promise.all([import('mapbox-gl'), import('mapbox-gl/dist/mapbox-gl.css')]);
    mapboxgl.accessToken = mapboxToken ?? '';
    // Labels drawn in the browser: the offline style's text needs no glyphs from Mapbox (see baseMap.ts).
    return new mapboxgl.Map({ ...options, localFontFamily: LOCAL_FONT_FAMILY } as ConstructorParameters<typeof mapboxgl.Map>[0]) as unknown as EngineMap;
  }
  const [maplibregl, { default: workerUrl }] = await Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  // The ESM build looks for its worker beside its own file, which a bundle does not have: point it at ours.
  maplibregl.setWorkerUrl(new URL(workerUrl, window.location.href).href);
  return new maplibregl.Map(options as ConstructorParameters<typeof maplibregl.Map>[0]) as unknown as EngineMap;
}
