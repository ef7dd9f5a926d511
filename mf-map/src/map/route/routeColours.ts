/**
 * Colours of a route by speed, relative to the route's own top speed: green when standing or
 * slow, through yellow, to red at the fastest. Below this floor (knots, about 19 km/h) a slow
 * route stays green instead of turning red at walking pace.
 */
export const SPEED_SCALE_FLOOR_KNOTS = 10;

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (offset: number) => {
    const k = (offset + hue / 30) % 12;
    const value = lightness - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The top of the colour scale for a route whose fastest fix is `maxSpeed` knots. */
export function speedScaleTop(maxSpeed: number): number {
  return Math.max(SPEED_SCALE_FLOOR_KNOTS, maxSpeed);
}

/** A speed's colour on a scale from 0 (green) to `scaleTop` knots (red). */
export function speedColour(speed: number, scaleTop: number): string {
  const fraction = scaleTop > 0 ? Math.min(1, Math.max(0, speed / scaleTop)) : 0;
  return hslToHex(120 * (1 - fraction), 0.8, 0.42);
}

/** Distinct colours for the devices of a route of several, told apart from each other and from the base maps. */
const TRACK_COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#db2777', '#65a30d', '#4f46e5', '#a16207'];

/** The colour of a route's `index`-th device; past the list, hues a golden angle apart. */
export function trackColour(index: number): string {
  return TRACK_COLOURS[index] ?? hslToHex((index * 137.508) % 360, 0.75, 0.42);
}
