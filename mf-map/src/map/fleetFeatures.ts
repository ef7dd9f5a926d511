import type { Device, Position } from '@rastro/shared';
import { markerIconId, markerIconSpec, markerRotation } from './icons/markerIcon';
import { markerStateOf } from './icons/markerState';
import type { MarkerState } from './icons/markerState';
import type { MapLayers } from './layers/mapLayers';

export interface FleetFeatureProperties {
  deviceId: number;
  /** The marker image (see icons/markerIcon.ts); drawn on first use. */
  icon: string;
  /** Degrees clockwise from north. */
  rotation: number;
  state: MarkerState;
  /** Name, plate and status lines, as the layer toggle asks; empty draws no text. */
  label: string;
  /** The accuracy circle's radius in pixels at zoom 22, scaled down per zoom by the layer (0: none). */
  accuracyPx22: number;
}

export interface FleetFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: FleetFeatureProperties;
}

export interface FleetFeatureCollection {
  type: 'FeatureCollection';
  features: FleetFeature[];
}

/** Metres per pixel at zoom 22 on the equator for 512-pixel tiles (both engines). */
const METRES_PER_PIXEL_Z22 = 40_075_016.686 / (512 * 2 ** 22);

export type StatusLabel = (device: Device, position: Position, state: MarkerState) => string;

export function markerLabel(device: Device, position: Position, state: MarkerState, layers: MapLayers, statusLabel: StatusLabel): string {
  const lines: string[] = [];
  if (layers.names) lines.push(device.name);
  const plate = device.attributes.plate;
  if (layers.plates && typeof plate === 'string' && plate) lines.push(plate);
  if (layers.status) lines.push(statusLabel(device, position, state));
  return lines.join('\n');
}

/** One device's point, at `coordinates` (which may be mid-glide rather than the fix itself). */
export function fleetFeature(device: Device, position: Position, coordinates: [number, number], layers: MapLayers, statusLabel: StatusLabel): FleetFeature {
  const state = markerStateOf(device, position);
  const spec = markerIconSpec(device, state);
  const accuracy = layers.precision && position.accuracy && position.accuracy > 0 ? position.accuracy : 0;
  return {
    type: 'Feature',
    id: device.id,
    geometry: { type: 'Point', coordinates },
    properties: {
      deviceId: device.id,
      icon: markerIconId(spec),
      rotation: markerRotation(spec.kind, position.course),
      state,
      label: markerLabel(device, position, state, layers, statusLabel),
      accuracyPx22: accuracy ? accuracy / (METRES_PER_PIXEL_Z22 * Math.cos((position.latitude * Math.PI) / 180)) : 0,
    },
  };
}

/** Whether two features of a device draw the same: same place, same marker, same label and circle. */
export function sameFleetFeature(a: FleetFeature, b: FleetFeature): boolean {
  const [aLng, aLat] = a.geometry.coordinates;
  const [bLng, bLat] = b.geometry.coordinates;
  if (aLng !== bLng || aLat !== bLat) return false;
  const keys = Object.keys(a.properties) as Array<keyof FleetFeatureProperties>;
  return keys.every((key) => a.properties[key] === b.properties[key]);
}

export type LngLatBounds = [[number, number], [number, number]];

/** The box around some points, or null when there are none. */
export function boundsOf(points: Iterable<[number, number]>): LngLatBounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}
