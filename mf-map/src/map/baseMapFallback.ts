import { baseMapFailure, isRastroId, offlineStyle } from './baseMap';
import type { BaseMap } from './baseMap';
import type { EngineMap, EngineName } from './engine';

/**
 * Base tiles failing this many times in a row (no base tile arriving in between) give the base
 * map up: a whole screen of tiles fails at once when there is no network, while one tile lost
 * on a flaky connection does not blank the map for the rest of the session.
 */
export const TILE_FAILURES_BEFORE_FALLBACK = 3;

/** What to do about one engine error: switch to the offline style now, ignore it, or it is none of the base map's business. */
export type BaseMapVerdict = 'fallBack' | 'ignore' | 'notBaseMap';

export interface BaseMapWatch {
  /** An engine `error` event; `loaded` once the map has loaded (a style error after that is not the style's). */
  error(event: unknown, loaded: boolean): BaseMapVerdict;
  /** An engine `sourcedata` event: a base tile that arrived shows the tiles work. */
  data(event: unknown): void;
  /** The configured style did not load in time: true when that means falling back now. */
  timedOut(loaded: boolean): boolean;
  /** Whether the base map has been given up for the offline style (it never comes back: no flapping). */
  fellBack(): boolean;
}

/** Decides, once, when the configured base map is given up for the offline style. */
export function watchBaseMap(base: BaseMap, tileFailuresBeforeFallback = TILE_FAILURES_BEFORE_FALLBACK): BaseMapWatch {
  // The offline style has nothing to fall back from.
  let fellBack = base.kind === 'offline';
  let tileFailures = 0;
  const fallBack = (): true => (fellBack = true);
  return {
    error(event, loaded) {
      const failure = baseMapFailure(event, base, loaded || fellBack);
      if (!failure) return 'notBaseMap';
      // Tiles of a base map already given up may still answer late.
      if (fellBack) return 'ignore';
      if (failure === 'tiles' && ++tileFailures < tileFailuresBeforeFallback) return 'ignore';
      fallBack();
      return 'fallBack';
    },
    data(event) {
      const { sourceId, tile } = (event ?? {}) as { sourceId?: unknown; tile?: unknown };
      if (tile && typeof sourceId === 'string' && !isRastroId(sourceId)) tileFailures = 0;
    },
    timedOut: (loaded) => base.kind === 'style' && !loaded && !fellBack && fallBack(),
    fellBack: () => fellBack,
  };
}

/**
 * Puts the offline style under the map. Before the map has loaded nothing of Rastro's is on it, so
 * the style is simply replaced; after, replacing the style would take the fleet, geofences and
 * routes with it, so only the base map's own layers and sources are swapped for the offline ones,
 * under Rastro's layers.
 */
export function switchToOfflineStyle(map: EngineMap, engine: EngineName, loaded: boolean): void {
  const offline = offlineStyle(engine);
  if (!loaded) return map.setStyle(offline);
  const { layers, sources } = map.getStyle();
  for (const layer of layers) if (!isRastroId(layer.id)) map.removeLayer(layer.id);
  for (const sourceId of Object.keys(sources)) if (!isRastroId(sourceId)) map.removeSource(sourceId);
  const firstOfRastro = layers.find((layer) => isRastroId(layer.id))?.id;
  for (const layer of offline.layers) map.addLayer(layer, firstOfRastro);
}
