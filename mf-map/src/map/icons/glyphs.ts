import type { MapIconKind } from './mapIconKinds';

/**
 * Rastro's own vector icons, one per SPEC §3 map kind, drawn in a 32×32 box centred on (16, 16).
 * Kinds with a heading are seen from above with the nose up (towards y = 0), so turning the image
 * by the course points it where the device goes. Shapes are plain geometry, so they stay crisp at
 * any pixel ratio and cost nothing to download.
 */
export type GlyphShape =
  | { shape: 'rect'; x: number; y: number; w: number; h: number; r?: number }
  | { shape: 'circle'; x: number; y: number; r: number }
  | { shape: 'poly'; points: number[] };

/** `body` takes rastro.color (or the state colour), `detail` takes rastro.color_extra. */
export interface GlyphPart {
  role: 'body' | 'detail';
  shape: GlyphShape;
}

const rect = (role: GlyphPart['role'], x: number, y: number, w: number, h: number, r = 0): GlyphPart => ({ role, shape: { shape: 'rect', x, y, w, h, r } });
const circle = (role: GlyphPart['role'], x: number, y: number, r: number): GlyphPart => ({ role, shape: { shape: 'circle', x, y, r } });
const poly = (role: GlyphPart['role'], ...points: number[]): GlyphPart => ({ role, shape: { shape: 'poly', points } });

/** A road vehicle from above: body, windscreen, rear window. */
function roadVehicle(width: number, length: number, windscreenAt: number, extra: GlyphPart[] = []): GlyphPart[] {
  const x = 16 - width / 2;
  const y = 16 - length / 2;
  return [
    rect('body', x, y, width, length, width / 3),
    rect('detail', x + 1.5, y + windscreenAt, width - 3, 3, 1),
    rect('detail', x + 2, y + length - 4, width - 4, 2, 1),
    ...extra,
  ];
}

/** A cab in front of a load bed or box: trucks, pickups, tractors, cranes. */
function cabAndLoad(width: number, cab: number, load: number, gap = 1): GlyphPart[] {
  const top = 16 - (cab + gap + load) / 2;
  const x = 16 - width / 2;
  return [
    rect('body', x, top, width, cab, 2),
    rect('detail', x + 1.5, top + 1.5, width - 3, 2.5, 1),
    rect('body', x - 0.5, top + cab + gap, width + 1, load, 1),
  ];
}

export const glyphs: Record<MapIconKind, GlyphPart[]> = {
  // A map pin: no heading.
  default: [circle('body', 16, 16, 9), circle('detail', 16, 16, 3.5)],
  arrow: [poly('body', 16, 4, 26, 27, 16, 22, 6, 27)],
  // Upright figure: head, shoulders, body.
  person: [circle('body', 16, 7.5, 3.8), rect('body', 10.5, 12.5, 11, 9, 4), rect('body', 12, 20, 3, 8, 1.5), rect('body', 17, 20, 3, 8, 1.5)],
  // A paw: pad and four toes.
  animal: [circle('body', 16, 20, 6), circle('body', 9, 13, 2.8), circle('body', 13.5, 9, 2.8), circle('body', 18.5, 9, 2.8), circle('body', 23, 13, 2.8)],
  bicycle: [rect('body', 14.5, 4, 3, 8, 1.5), rect('body', 14.5, 20, 3, 8, 1.5), rect('body', 15, 10, 2, 12, 1), rect('detail', 10, 11, 12, 2, 1), circle('detail', 16, 17, 1.8)],
  motorcycle: [rect('body', 13.5, 4, 5, 24, 2.5), rect('detail', 9, 9, 14, 2, 1), rect('detail', 14.5, 14, 3, 7, 1.5)],
  scooter: [rect('body', 14, 5, 4, 22, 2), rect('detail', 10, 7, 12, 2, 1), rect('body', 12.5, 17, 7, 9, 3)],
  car: roadVehicle(12, 22, 5),
  pickup: [rect('body', 10, 5, 12, 10, 4), rect('detail', 11.5, 8, 9, 3, 1), rect('body', 9.5, 16, 13, 12, 1.5), rect('detail', 11.5, 18, 9, 8, 0.5)],
  van: [rect('body', 9.5, 4, 13, 24, 3), rect('detail', 11, 6, 10, 3, 1), rect('detail', 12, 12, 8, 13, 0.5)],
  truck: cabAndLoad(12, 7, 19),
  truck1: [...cabAndLoad(12, 7, 19), rect('detail', 11, 16, 10, 1.5), rect('detail', 11, 21, 10, 1.5)],
  // Tractor unit pulling a trailer: the coupling shows between cab and trailer.
  truck2: [...cabAndLoad(11, 6, 20, 2.5), rect('detail', 15, 9.5, 2, 3)],
  tractor: [rect('body', 12, 5, 8, 12, 2), rect('detail', 13, 12, 6, 4, 1), rect('body', 8, 17, 5, 10, 1.5), rect('body', 19, 17, 5, 10, 1.5), rect('body', 12, 16, 8, 8, 1)],
  boat: [poly('body', 16, 3, 23, 13, 23, 28, 9, 28, 9, 13), rect('detail', 12, 15, 8, 6, 1)],
  ship: [poly('body', 16, 2, 25, 12, 25, 29, 7, 29, 7, 12), rect('detail', 10, 14, 12, 4, 1), rect('detail', 10, 20, 12, 4, 1)],
  bus: [rect('body', 9.5, 3, 13, 26, 2.5), rect('detail', 11, 5, 10, 3, 1), rect('detail', 11.5, 11, 9, 2), rect('detail', 11.5, 17, 9, 2), rect('detail', 11.5, 23, 9, 2)],
  train: [poly('body', 16, 2, 22, 7, 22, 29, 10, 29, 10, 7), rect('detail', 12, 8, 8, 3, 1), rect('detail', 12, 15, 8, 1.5), rect('detail', 12, 21, 8, 1.5)],
  trolleybus: [rect('body', 10, 6, 12, 23, 2.5), rect('detail', 11.5, 8, 9, 3, 1), rect('detail', 12.5, 1, 1.5, 9), rect('detail', 18, 1, 1.5, 9)],
  tram: [rect('body', 10.5, 3, 11, 26, 4), rect('detail', 12, 5, 8, 3, 1), rect('detail', 15, 10, 2, 4), rect('detail', 12, 18, 8, 2)],
  crane: [...cabAndLoad(12, 8, 17), rect('detail', 15, 1, 2, 22, 1)],
  plane: [poly('body', 16, 2, 18, 5, 18, 12, 29, 18, 29, 21, 18, 18, 17.5, 25, 21, 28, 21, 30, 11, 30, 11, 28, 14.5, 25, 14, 18, 3, 21, 3, 18, 14, 12, 14, 5)],
  helicopter: [circle('body', 16, 13, 6), rect('body', 15, 17, 2, 12, 1), rect('body', 12, 26, 8, 2, 1), rect('detail', 3, 12, 26, 2, 1), rect('detail', 15, 0, 2, 26, 1)],
  offroad: [...roadVehicle(13, 22, 5), rect('detail', 13, 1.5, 6, 2, 1), circle('detail', 16, 25, 2.5)],
};
