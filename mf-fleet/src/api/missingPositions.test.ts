import { POSITION_BATCH_SIZE, createHttpClient, createTrackingApi, usePositionsStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { loadMissingPositions, missingPositionIds } from './missingPositions';

const device = (id: number, positionId?: number): Device => ({ id, name: `D${id}`, uniqueId: `u${id}`, status: 'online', attributes: {}, positionId });
const position = (id: number, deviceId: number) => ({ id, deviceId, latitude: -23.5, longitude: -46.6, speed: 0, course: 0, attributes: {} });

/** A tracking API over a fake server that answers each id with a position of device id − 100000. */
function recordingApi(fail = false) {
  const requestedIds: number[][] = [];
  const fetchImpl = (async (url: string) => {
    const ids = new URL(url, 'http://page').searchParams.getAll('id').map(Number);
    requestedIds.push(ids);
    if (fail) return { status: 500, text: async () => 'boom' };
    // jsdom has no Response: the client only reads status and text().
    return { status: 200, text: async () => JSON.stringify(ids.map((id) => position(id, id - 100_000))) };
  }) as unknown as typeof fetch;
  return { api: createTrackingApi(createHttpClient({ baseUrl: '/api', timeoutMs: 1000, fetchImpl })), requestedIds };
}

describe('positions of devices the page has no position for', () => {
  beforeEach(() => usePositionsStore.getState().clear());

  it('names only devices with a positionId, no position yet and not asked before', () => {
    usePositionsStore.getState().apply([position(100_002, 2)]);
    const ids = missingPositionIds([device(1, 100_001), device(2, 100_002), device(3), device(4, 100_004)], usePositionsStore.getState().latestByDeviceId, new Set([100_004]));
    expect(ids).toEqual([100_001]);
  });

  it('asks for 1,201 positions in batches of at most 500 ids, fills the store, and does not ask twice', async () => {
    const devices = Array.from({ length: 1201 }, (_, index) => device(index + 1, index + 100_001));
    const { api, requestedIds } = recordingApi();
    const asked = new Set<number>();
    await expect(loadMissingPositions(devices, asked, api)).resolves.toBe(1201);
    expect(requestedIds.map((ids) => ids.length)).toEqual([POSITION_BATCH_SIZE, POSITION_BATCH_SIZE, 201]);
    expect(requestedIds.flat()).toEqual(devices.map((d) => d.positionId));
    expect(Object.keys(usePositionsStore.getState().latestByDeviceId)).toHaveLength(1201);

    await loadMissingPositions(devices, asked, api);
    expect(requestedIds).toHaveLength(3);
  });

  it('asks again next time when the call failed', async () => {
    const devices = [device(7, 100_007)];
    const asked = new Set<number>();
    await expect(loadMissingPositions(devices, asked, recordingApi(true).api)).rejects.toThrow();
    expect(asked.size).toBe(0);
    await expect(loadMissingPositions(devices, asked, recordingApi().api)).resolves.toBe(1);
  });
});
