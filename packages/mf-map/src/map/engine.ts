/**
 * The map engine, picked at runtime: mapbox-gl when a Mapbox token is configured, maplibre-gl (its
 * open, API-compatible fork) otherwise. Both are loaded on demand, so only the chosen one is
 * downloaded, and never on the login screen. Layer code talks to this small interface only.
 */
export interface EngineGeoJsonSource {
  setData(data: unknown): void;
}

export interface EngineMap {
  on(event: 'load' | 'error', listener: (event?: unknown) => void): void;
  addSource(id: string, source: Record<string, unknown>): void;
  addLayer(layer: Record<string, unknown>): void;
  getSource(id: string): unknown;
  fitBounds(bounds: [[number, number], [number, number]], options?: Record<string, unknown>): void;
  resize(): void;
  remove(): void;
}

export interface EngineMapOptions {
  container: HTMLElement;
  style: unknown;
  center: [number, number];
  zoom: number;
  attributionControl?: false;
}

export type EngineName = 'maplibre' | 'mapbox';

export function chooseEngine(mapboxToken: string | null | undefined): EngineName {
  return mapboxToken ? 'mapbox' : 'maplibre';
}

export async function createEngineMap(engine: EngineName, options: EngineMapOptions, mapboxToken?: string | null): Promise<EngineMap> {
  if (engine === 'mapbox') {
    const [{ default: mapboxgl }] = await Promise.all([import('mapbox-gl'), import('mapbox-gl/dist/mapbox-gl.css')]);
    mapboxgl.accessToken = mapboxToken ?? '';
    return new mapboxgl.Map(options as ConstructorParameters<typeof mapboxgl.Map>[0]) as unknown as EngineMap;
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
