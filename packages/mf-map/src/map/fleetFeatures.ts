import type { Device, DeviceStatus, Position } from '@rastro/shared';

export interface FleetFeatureProperties {
  deviceId: number;
  name: string;
  status: DeviceStatus;
  course: number;
  moving: boolean;
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

/** One point per device that has both a record and a fix; devices without a fix are not on the map. */
export function fleetFeatures(devicesById: Record<number, Device>, latestByDeviceId: Record<number, Position>): FleetFeatureCollection {
  const features: FleetFeature[] = [];
  for (const position of Object.values(latestByDeviceId)) {
    const device = devicesById[position.deviceId];
    if (!device) continue;
    features.push({
      type: 'Feature',
      id: device.id,
      geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
      properties: {
        deviceId: device.id,
        name: device.name,
        status: device.status,
        course: position.course,
        moving: position.attributes.motion === true,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

export type LngLatBounds = [[number, number], [number, number]];

/** The box around every feature, or null when there is nothing to show. */
export function fleetBounds({ features }: FleetFeatureCollection): LngLatBounds | null {
  if (features.length === 0) return null;
  let [west, south] = features[0]!.geometry.coordinates;
  let [east, north] = [west, south];
  for (const { geometry } of features) {
    const [lng, lat] = geometry.coordinates;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
