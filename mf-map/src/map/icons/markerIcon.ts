import type { Device } from '@rastro/shared';
import { hasHeading, mapIconKindOf, mapIconKinds } from './mapIconKinds';
import type { MapIconKind } from './mapIconKinds';
import { markerStates } from './markerState';
import type { MarkerState } from './markerState';

/** Everything a marker image depends on; its id spells it out, so one image serves every device alike. */
export interface MarkerIconSpec {
  kind: MapIconKind;
  state: MarkerState;
  /** rastro.color: the body; null uses the state colour. */
  color: string | null;
  /** rastro.color_extra: windows and details; null uses the default detail colour. */
  colorExtra: string | null;
}

const ICON_PREFIX = 'rastro-marker';
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour attribute as a safe canvas colour, or null (a typo in an attribute must not break the map). */
export function colourAttribute(value: unknown): string | null {
  return typeof value === 'string' && HEX_COLOUR.test(value.trim()) ? value.trim().toLowerCase() : null;
}

export function markerIconSpec(device: Pick<Device, 'category' | 'attributes'>, state: MarkerState): MarkerIconSpec {
  return {
    kind: mapIconKindOf(device.category),
    state,
    color: colourAttribute(device.attributes['rastro.color']),
    colorExtra: colourAttribute(device.attributes['rastro.color_extra']),
  };
}

/** The image id for a spec; the map asks for ids it does not have yet and we draw them then. */
export function markerIconId({ kind, state, color, colorExtra }: MarkerIconSpec): string {
  return [ICON_PREFIX, kind, state, color ?? '-', colorExtra ?? '-'].join('|');
}

export function parseMarkerIconId(id: string): MarkerIconSpec | null {
  const [prefix, kind, state, color, colorExtra, ...rest] = id.split('|');
  if (prefix !== ICON_PREFIX || rest.length > 0) return null;
  if (!(mapIconKinds as readonly string[]).includes(kind ?? '') || !(markerStates as readonly string[]).includes(state ?? '')) return null;
  return {
    kind: kind as MapIconKind,
    state: state as MarkerState,
    color: color && color !== '-' ? colourAttribute(color) : null,
    colorExtra: colorExtra && colorExtra !== '-' ? colourAttribute(colorExtra) : null,
  };
}

/** Degrees the icon turns: the course for kinds seen from above, none for the others. */
export function markerRotation(kind: MapIconKind, course: number | undefined): number {
  return hasHeading(kind) && Number.isFinite(course) ? (((course ?? 0) % 360) + 360) % 360 : 0;
}
