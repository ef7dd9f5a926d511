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
const fix = (longitude: number, deviceId = 1): Position => {
  const id = ++fixes;
  const time = new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString();
  return { id, deviceId, serverTime: time, deviceTime: time, fixTime: time, latitude: -23.5, longitude, speed: 10, course: 0, accuracy: 5, attributes: {} } as Position;
};
const van = (id: number, attributes: Record<string, unknown> = {}) => ({ id, name: `Van ${id}`, uniqueId: `van-${id}`, status: 'online', category: 'van', attributes }) as never;

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

describe('live fleet source updates', () => {
  const FLEET = 20;
  const ids = Array.from({ length: FLEET }, (_, index) => index + 1);

  function watchedFleet() {
    const updates: Array<{ add?: unknown[]; remove?: unknown[] }> = [];
    const whole: unknown[] = [];
    const map = zoomedInFakeMap({ setData: (data) => whole.push(data), updateData: (diff) => void updates.push(diff) });
    useDevicesStore.getState().replaceAll(ids.map((id) => van(id)));
    usePositionsStore.getState().apply(ids.map((id) => fix(-46.6 - id / 100, id)));
    const fleet = startLiveFleet(map, { engine: 'maplibre', layers: defaultMapLayers, statusLabel: () => '' });
    runFrame();
    expect(whole).toHaveLength(1);
    return { fleet, updates };
  }

  it('hands a simulator step to the engine as one update with every moved marker, however its fixes arrived', () => {
    prefersReducedMotion(true);
    const { fleet, updates } = watchedFleet();
    // The socket's messages of one step land as several store changes: one per device, then a status change.
    for (const id of ids) usePositionsStore.getState().apply([fix(-46.5 - id / 100, id)]);
    useDevicesStore.getState().upsert([{ ...(van(3) as object), status: 'offline' } as never]);
    runFrame();
    runFrame();
    expect(updates).toHaveLength(1);
    expect(updates[0]!.add).toHaveLength(FLEET);
    expect(fleet.positionOf(7)?.[0]).toBeCloseTo(-46.57);
    fleet.stop();
  });

  it('sends nothing for a change nobody can see', () => {
    prefersReducedMotion(true);
    const { fleet, updates } = watchedFleet();
    // A device's new last-update time, and a parked vehicle reporting the same place again.
    useDevicesStore.getState().upsert([van(2, { lastSeen: 'now' })]);
    usePositionsStore.getState().apply([fix(-46.6 - 5 / 100, 5)]);
    runFrame();
    runFrame();
    expect(updates).toHaveLength(0);
    usePositionsStore.getState().apply([fix(-46.4, 5)]);
    runFrame();
    expect(updates).toEqual([{ add: [expect.objectContaining({ id: 5 })], remove: [] }]);
    fleet.stop();
  });
});

describe('following a device', () => {
  function cameraOf() {
    const moves: Array<{ how: 'ease' | 'jump'; center: unknown }> = [];
    const map = zoomedInFakeMap({});
    Object.assign(map, {
      easeTo: (options: { center: unknown }) => void moves.push({ how: 'ease', center: options.center }),
      jumpTo: (options: { center: unknown }) => void moves.push({ how: 'jump', center: options.center }),
    });
    return { map, moves };
  }

  it('keeps a follow asked for before the device has a fix: its first fix brings the camera there, the next ones keep it there', () => {
    prefersReducedMotion(true);
    const { map, moves } = cameraOf();
    useDevicesStore.getState().replaceAll([van(99)]);
    const fleet = startLiveFleet(map, { engine: 'maplibre', layers: defaultMapLayers, statusLabel: () => '' });
    fleet.follow(99);
    runFrame();
    expect(moves).toEqual([]);

    usePositionsStore.getState().apply([fix(-46.6, 99)]);
    runFrame();
    expect(moves).toEqual([{ how: 'ease', center: [-46.6, -23.5] }]);
    usePositionsStore.getState().apply([fix(-46.5, 99)]);
    runFrame();
    expect(moves.at(-1)).toEqual({ how: 'jump', center: [-46.5, -23.5] });

    fleet.follow(null);
    usePositionsStore.getState().apply([fix(-46.4, 99)]);
    runFrame();
    expect(moves).toHaveLength(2);
    fleet.stop();
  });
});
