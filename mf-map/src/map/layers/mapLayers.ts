import { mapLayerNames, readPreference, writePreference } from '@rastro/shared';
import type { MapLayerChoices, MapLayerName } from '@rastro/shared';

export type MapLayers = Record<MapLayerName, boolean>;

/** What a new user sees: clustered markers, geofences and names; the rest on request. */
export const defaultMapLayers: MapLayers = { groups: true, geofences: true, names: true, plates: false, precision: false, status: false };

export function resolveMapLayers(choices: MapLayerChoices | undefined): MapLayers {
  const layers = { ...defaultMapLayers };
  for (const name of mapLayerNames) {
    const choice = choices?.[name];
    if (typeof choice === 'boolean') layers[name] = choice;
  }
  return layers;
}

export function loadMapLayers(): MapLayers {
  return resolveMapLayers(readPreference('mapPref'));
}

/** mapPref holds the layer switches and the base map: each is saved without losing the other. */
export function saveMapLayers(layers: MapLayers): void {
  writePreference('mapPref', { ...readPreference('mapPref'), ...layers });
}

export function saveBaseMapChoice(baseMap: string): void {
  writePreference('mapPref', { ...readPreference('mapPref'), baseMap });
}
