import type { Device, Position } from '@rastro/shared';
import { chooseEngine } from './engine';
import { boundsOf, fleetFeature } from './fleetFeatures';
import { defaultMapLayers } from './layers/mapLayers';

const device = (id: number, overrides: Partial<Device> = {}): Device => ({ id, name: `Truck ${id}`, uniqueId: `${id}`, status: 'online', category: 'truck', attributes: { plate: 'BRA2E19' }, ...overrides });
const fix = (deviceId: number, overrides: Partial<Position> = {}): Position => ({ id: deviceId * 10, deviceId, latitude: -23.5, longitude: -46.6, speed: 20, course: 45, attributes: { motion: true }, ...overrides });
const statusLabel = () => 'status';

describe('fleet features', () => {
  it('puts a device at the given place, longitude first, with its icon turned by the course', () => {
    const feature = fleetFeature(device(1), fix(1), [-46.6, -23.5], defaultMapLayers, statusLabel);
    expect(feature).toMatchObject({ id: 1, geometry: { coordinates: [-46.6, -23.5] }, properties: { deviceId: 1, rotation: 45, state: 'moving', label: 'Truck 1' } });
    expect(feature.properties.icon).toBe('rastro-marker|truck|moving|-|-');
  });

  it('labels with the name, plate and status the layer toggle asks for', () => {
    const layers = { ...defaultMapLayers, names: true, plates: true, status: true };
    expect(fleetFeature(device(1), fix(1), [0, 0], layers, statusLabel).properties.label).toBe('Truck 1\nBRA2E19\nstatus');
    expect(fleetFeature(device(1), fix(1), [0, 0], { ...layers, names: false, status: false }, statusLabel).properties.label).toBe('BRA2E19');
  });

  it('draws an accuracy circle only with the precision layer on', () => {
    const accurate = fix(1, { accuracy: 50, latitude: 0 });
    expect(fleetFeature(device(1), accurate, [0, 0], defaultMapLayers, statusLabel).properties.accuracyPx22).toBe(0);
    expect(fleetFeature(device(1), accurate, [0, 0], { ...defaultMapLayers, precision: true }, statusLabel).properties.accuracyPx22).toBeCloseTo(50 / 0.01866, 0);
  });

  it('frames a set of points, or nothing', () => {
    expect(
      boundsOf([
        [-46.6, -23.5],
        [-46.8, -23.4],
      ]),
    ).toEqual([
      [-46.8, -23.5],
      [-46.6, -23.4],
    ]);
    expect(boundsOf([])).toBeNull();
  });
});

describe('map engine choice', () => {
  it('uses mapbox-gl only with a Mapbox token, maplibre-gl otherwise', () => {
    expect(chooseEngine('pk.abc')).toBe('mapbox');
    expect(chooseEngine(null)).toBe('maplibre');
    expect(chooseEngine('')).toBe('maplibre');
  });
});
