import type { Device, Position } from '@rastro/shared';
import { chooseEngine } from './engine';
import { fleetBounds, fleetFeatures } from './fleetFeatures';

const device = (id: number, status: Device['status'] = 'online'): Device => ({ id, name: `Truck ${id}`, uniqueId: `${id}`, status, attributes: {} });
const fix = (deviceId: number, longitude: number, latitude: number, motion = true): Position => ({
  id: deviceId * 10,
  deviceId,
  latitude,
  longitude,
  speed: 20,
  course: 45,
  attributes: { motion },
});

describe('fleet features', () => {
  it('puts each device with a fix on the map, longitude first as GeoJSON wants', () => {
    const collection = fleetFeatures({ 1: device(1), 2: device(2, 'offline') }, { 1: fix(1, -46.6, -23.5), 2: fix(2, -46.7, -23.6, false) });
    expect(collection.features).toHaveLength(2);
    expect(collection.features[0]).toMatchObject({
      id: 1,
      geometry: { coordinates: [-46.6, -23.5] },
      properties: { name: 'Truck 1', status: 'online', course: 45, moving: true },
    });
    expect(collection.features[1]?.properties).toMatchObject({ status: 'offline', moving: false });
  });

  it('leaves out fixes of devices the user does not have (or that were deleted)', () => {
    expect(fleetFeatures({}, { 1: fix(1, -46.6, -23.5) }).features).toEqual([]);
  });

  it('frames the whole fleet, or nothing when there is no fleet', () => {
    const collection = fleetFeatures({ 1: device(1), 2: device(2) }, { 1: fix(1, -46.6, -23.5), 2: fix(2, -46.8, -23.4) });
    expect(fleetBounds(collection)).toEqual([
      [-46.8, -23.5],
      [-46.6, -23.4],
    ]);
    expect(fleetBounds({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});

describe('map engine choice', () => {
  it('uses mapbox-gl only with a Mapbox token, maplibre-gl otherwise', () => {
    expect(chooseEngine('pk.abc')).toBe('mapbox');
    expect(chooseEngine(null)).toBe('maplibre');
    expect(chooseEngine('')).toBe('maplibre');
  });
});
