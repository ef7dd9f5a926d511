import simplify from 'simplify-js';
import type { RoutePoint } from './routeTimeline';

/** Fixes simplified at a time (see simplifiedIndexes). */
const CHUNK = 1_000;

/** Maplibre's and Mapbox's tiles are 512 px wide: one screen pixel, in degrees of longitude, at `zoom`. */
export function pixelDegrees(zoom: number): number {
  return 360 / (512 * 2 ** zoom);
}

interface Vertex {
  x: number;
  y: number;
  index: number;
}

/** The fixes kept at each zoom of one track (see trackSimplifier). */
export interface TrackSimplifier {
  /** The indexes of the fixes kept at `zoom`, worked out now if they are not yet. */
  at(zoom: number): number[];
  /**
   * Works `zoom` out until `deadline` (a `performance.now()` time) at most, a piece at a time, and
   * says whether it is done: a month of fixes takes longer than a frame, so a page can share it out.
   */
  prepare(zoom: number, deadline: number): boolean;
}

/**
 * The fixes worth drawing at each zoom: a month of fixes every 10 s is a quarter of a million points,
 * more than any screen shows and too many to hand the map engine without stalling the page. Fixes
 * closer than a pixel to the line through their neighbours are left out (Douglas–Peucker, simplify-js);
 * `at(zoom)` answers the indexes of the fixes kept, first and last always among them, so callers still
 * know which fixes each drawn piece stands for. Each zoom is worked out once. Playback keeps every fix.
 */
export function trackSimplifier(points: readonly RoutePoint[]): TrackSimplifier {
  // Made as they are first needed: making them all at once would be a long task of its own.
  const pieces: Vertex[][] = [];
  const pieceCount = Math.ceil((points.length - 1) / CHUNK);
  const byZoom = new Map<number, { kept: number[]; done: number }>();
  const work = (zoom: number, deadline: number): number[] | null => {
    if (points.length <= 2) return points.map((_, index) => index);
    // simplify-js recurses once per kept fix in the worst case (a zigzag of GPS noise seen close up):
    // a route taken whole could overflow the stack. Pieces of CHUNK fixes, sharing their ends, cannot;
    // the price is one fix kept per piece that a whole pass might have dropped.
    let progress = byZoom.get(zoom);
    if (!progress) byZoom.set(zoom, (progress = { kept: [], done: 0 }));
    const tolerance = pixelDegrees(zoom);
    while (progress.done < pieceCount) {
      const number = progress.done;
      const simplified = simplify((pieces[number] ??= pieceOf(points, number)), tolerance) as Vertex[];
      for (let index = number === 0 ? 0 : 1; index < simplified.length; index += 1) progress.kept.push(simplified[index]!.index);
      progress.done += 1;
      if (progress.done < pieceCount && performance.now() >= deadline) return null;
    }
    return progress.kept;
  };
  return {
    at: (zoom) => work(zoom, Infinity)!,
    prepare: (zoom, deadline) => work(zoom, deadline) !== null,
  };
}

/** Piece `number` of the track: CHUNK fixes and the first of the next piece. */
function pieceOf(points: readonly RoutePoint[], number: number): Vertex[] {
  const start = number * CHUNK;
  const end = Math.min(points.length, start + CHUNK + 1);
  const piece: Vertex[] = [];
  for (let index = start; index < end; index += 1) piece.push({ x: points[index]!.lngLat[0], y: points[index]!.lngLat[1], index });
  return piece;
}

/** The fixes kept at `zoom` (see trackSimplifier), worked out afresh. */
export function simplifiedIndexes(points: readonly RoutePoint[], zoom: number): number[] {
  return trackSimplifier(points).at(zoom);
}
