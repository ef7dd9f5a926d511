import { isRastroId } from './baseMap';

/**
 * Base tiles failing this many times in a row (no base tile arriving in between) give the base
 * map up: a whole screen of tiles fails at once when there is no network, while one tile lost
 * on a flaky connection does not blank the map for the rest of the session.
 */
export const TILE_FAILURES_BEFORE_FALLBACK = 3;

/** What to do about one engine error: switch to the offline style now, ignore it, or it is none of the base map's business. */
export type BaseMapVerdict = 'fallBack' | 'ignore' | 'notBaseMap';

export interface BaseMapWatch {
  /** An engine `error` event. */
  error(event: unknown): BaseMapVerdict;
  /** An engine `sourcedata` event: a base tile that arrived shows the tiles work. */
  data(event: unknown): void;
  /** Whether the base map has been given up for the offline style (it never comes back: no flapping). */
  fellBack(): boolean;
}

/**
 * Decides, once, when the base map drawn from `sourceIds` (the base style's sources; none on the
 * offline style) is given up for the offline style.
 */
export function watchBaseMap(sourceIds: readonly string[], tileFailuresBeforeFallback = TILE_FAILURES_BEFORE_FALLBACK): BaseMapWatch {
  const mine = new Set(sourceIds);
  // The offline style has nothing to fall back from.
  let fellBack = mine.size === 0;
  let tileFailures = 0;
  return {
    error(event) {
      const sourceId = (event as { sourceId?: unknown } | null)?.sourceId;
      if (typeof sourceId !== 'string' || isRastroId(sourceId)) return 'notBaseMap';
      // A base map switched away from, or already given up, may still answer late.
      if (!mine.has(sourceId) || fellBack) return 'ignore';
      if (++tileFailures < tileFailuresBeforeFallback) return 'ignore';
      fellBack = true;
      return 'fallBack';
    },
    data(event) {
      const { sourceId, tile } = (event ?? {}) as { sourceId?: unknown; tile?: unknown };
      if (tile && typeof sourceId === 'string' && mine.has(sourceId)) tileFailures = 0;
    },
    fellBack: () => fellBack,
  };
}
