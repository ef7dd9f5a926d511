import { bus } from '@rastro/shared';
import type { RastroBus } from '@rastro/shared';
import type { EngineMap } from './engine';

/** One feature drawn in one of Rastro's layers, as the engine placed it on screen. */
export interface DrawnFeature {
  layer: string;
  properties: Record<string, unknown>;
}

/** A read-only look at what the live map draws, for the console and the end-to-end tests. */
export interface RastroMapTools {
  /** Everything drawn now in Rastro's own layers (markers, clusters, accuracy circles, geofences…). */
  drawn(): DrawnFeature[];
  zoom(): number;
}

declare global {
  interface Window {
    /** The page's one bus (see exposeBusForTools). */
    rastroBus?: RastroBus;
    /** The live map's drawn features (see exposeMapForTools). */
    rastroMap?: RastroMapTools;
  }
}

/**
 * Puts the page's bus on `window.rastroBus`, so the browser console and the end-to-end tests can
 * ask for what any remote may ask for (a route, a street view) before a screen that asks exists.
 * It is the real bus: the map reacts exactly as it does to another remote.
 */
export function exposeBusForTools(): void {
  window.rastroBus ??= bus;
}

/**
 * Puts what the live map draws on `window.rastroMap`: the engine's own answer of what is on
 * screen, so a test sees a layer toggle change the picture without reading pixels. It reads only.
 */
export function exposeMapForTools(map: EngineMap): void {
  window.rastroMap = Object.freeze({
    drawn: () =>
      map
        .queryRenderedFeatures()
        .filter((feature) => feature.layer?.id.startsWith('rastro-'))
        .map((feature) => ({ layer: feature.layer!.id, properties: { ...feature.properties } })),
    zoom: () => map.getZoom(),
  });
}
