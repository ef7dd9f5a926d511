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

/**
 * The fixes worth drawing at each zoom: a month of fixes every 10 s is a quarter of a million points,
 * more than any screen shows and too many to hand the map engine without stalling the page. Fixes
 * closer than a pixel to the line through their neighbours are left out (Douglas–Peucker, simplify-js);
 * `at(zoom)` answers the indexes of the fixes kept, first and last always among them, so callers still
 * know which fixes each drawn piece stands for. Each zoom is worked out once. Playback keeps every fix.
 */
export function trackSimplifier(points: readonly RoutePoint[]): { at(zoom: number): number[] } {
  let pieces: Vertex[][] | null = null;
  const byZoom = new Map<number, number[]>();
  return {
    at(zoom) {
      if (points.length <= 2) return points.map((_, index) => index);
      const known = byZoom.get(zoom);
      if (known) return known;
      // simplify-js recurses once per kept fix in the worst case (a zigzag of GPS noise seen close up):
      // a route taken whole could overflow the stack. Pieces of CHUNK fixes, sharing their ends, cannot;
      // the price is one fix kept per piece that a whole pass might have dropped.
      pieces ??= piecesOf(points);
      const tolerance = pixelDegrees(zoom);
      const kept: number[] = [];
      pieces.forEach((piece, number) => {
        const simplified = simplify(piece, tolerance) as Vertex[];
        for (let index = number === 0 ? 0 : 1; index < simplified.length; index += 1) kept.push(simplified[index]!.index);
      });
      byZoom.set(zoom, kept);
      return kept;
    },
  };
}

function piecesOf(points: readonly RoutePoint[]): Vertex[][] {
  const vertices = points.map((point, index) => ({ x: point.lngLat[0], y: point.lngLat[1], index }));
  const pieces: Vertex[][] = [];
  for (let start = 0; start < vertices.length - 1; start += CHUNK) pieces.push(vertices.slice(start, start + CHUNK + 1));
  return pieces;
}

/** The fixes kept at `zoom` (see trackSimplifier), worked out afresh. */
export function simplifiedIndexes(points: readonly RoutePoint[], zoom: number): number[] {
  return trackSimplifier(points).at(zoom);
}
