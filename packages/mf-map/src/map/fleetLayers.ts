import type { EngineMap } from './engine';
import type { FleetFeatureCollection } from './fleetFeatures';

export const FLEET_SOURCE = 'rastro-fleet';

const statusColor = ['match', ['get', 'status'], 'online', '#16a34a', 'offline', '#dc2626', '#6b7280'];

/** Rastro's own layers: one GeoJSON source of device points, drawn the same by both engines. */
export function addFleetLayers(map: EngineMap, data: FleetFeatureCollection): void {
  map.addSource(FLEET_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: 'rastro-fleet-points',
    type: 'circle',
    source: FLEET_SOURCE,
    paint: {
      'circle-radius': ['case', ['boolean', ['get', 'moving'], false], 8, 6],
      'circle-color': statusColor,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

export function updateFleetLayers(map: EngineMap, data: FleetFeatureCollection): void {
  (map.getSource(FLEET_SOURCE) as { setData(data: FleetFeatureCollection): void } | undefined)?.setData(data);
}
