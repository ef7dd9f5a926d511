import { useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Position } from '@rastro/shared';
import { defaultMapLayers } from '../layers/mapLayers';
import { startLiveFleet } from './liveFleet';
import { zoomedInFakeMap } from './zoomedInFakeMap';

/** Frames run when the test says: each callback gets the test's clock. */
const frames: Array<(now: number) => void> = [];
let clock = 0;
function runFrame(advanceMs = 16): void {
  clock += advanceMs;
  frames.splice(0).forEach((callback) => callback(clock));
}

const zoomedInMap = zoomedInFakeMap({ setData: () => undefined, updateData: () => undefined });

// Each fix newer than the last: the positions store keeps only a device's newest.
let fixes = 0;
const fix = (longitude: number): Position => {
  const id = ++fixes;
  const time = new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString();
  return { id, deviceId: 1, serverTime: time, deviceTime: time, fixTime: time, latitude: -23.5, longitude, speed: 10, course: 0, accuracy: 5, attributes: {} } as Position;
};

function fleetMovedOnce(): [number, number] | undefined {
  useDevicesStore.getState().replaceAll([{ id: 1, name: 'Van', uniqueId: 'van-1', status: 'online', category: 'van', attributes: {} } as never]);
  usePositionsStore.getState().apply([fix(-46.6)]);
  const fleet = startLiveFleet(zoomedInMap, { engine: 'maplibre', layers: defaultMapLayers, statusLabel: () => '' });
  runFrame();
  usePositionsStore.getState().apply([fix(-46.5)]);
  runFrame();
  runFrame(100);
  const drawn = fleet.positionOf(1);
  fleet.stop();
  return drawn as [number, number] | undefined;
}

function prefersReducedMotion(reduce: boolean): void {
  window.matchMedia = ((query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  frames.length = 0;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  jest.spyOn(performance, 'now').mockImplementation(() => clock);
});

afterEach(() => jest.restoreAllMocks());

describe('live fleet markers and motion', () => {
  it('glides a marker towards its new fix: a moment later it is drawn between the two', () => {
    prefersReducedMotion(false);
    const [longitude] = fleetMovedOnce() ?? [];
    expect(longitude).toBeGreaterThan(-46.6);
    expect(longitude).toBeLessThan(-46.5);
  });

  it('puts the marker straight on its new fix for a user who asked the system for less motion', () => {
    prefersReducedMotion(true);
    expect(fleetMovedOnce()).toEqual([-46.5, -23.5]);
  });
});
