import { bus } from '@rastro/shared';
import type { RastroBus } from '@rastro/shared';
import { isRastroId } from './baseMap';
import type { EngineMap } from './engine';

/** One feature drawn in one of Rastro's layers, as the engine placed it on screen. */
export interface DrawnFeature {
  layer: string;
  properties: Record<string, unknown>;
  /** A point's place on screen, in CSS pixels from the map's top left. */
  at?: { x: number; y: number };
}

/** A read-only look at what the live map draws, for the console and the end-to-end tests. */
export interface RastroMapTools {
  /** Everything drawn now in Rastro's own layers (markers, clusters, accuracy circles, geofences…). */
  drawn(): DrawnFeature[];
  zoom(): number;
  /** Where a place ([longitude, latitude]) is on screen, in CSS pixels from the map's top left. */
  where(lngLat: [number, number]): { x: number; y: number };
  /** The base map's sources in the engine's style now, none on the offline style (say, tiles given up). */
  baseSources(): string[];
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
  window.rastroMap = Object.freeze<RastroMapTools>({
    drawn: () =>
      map
        .queryRenderedFeatures()
        .filter((feature) => feature.layer && isRastroId(feature.layer.id))
        .map((feature) => {
          const { type, coordinates } = feature.geometry;
          const at = type === 'Point' ? map.project(coordinates as [number, number]) : undefined;
          return { layer: feature.layer!.id, properties: { ...feature.properties }, ...(at && { at: { x: at.x, y: at.y } }) };
        }),
    zoom: () => map.getZoom(),
    where: (lngLat) => {
      const { x, y } = map.project(lngLat);
      return { x, y };
    },
    baseSources: () => Object.keys(map.getStyle().sources).filter((id) => !isRastroId(id)),
  });
}
