import type { Device, Position } from '../contract/traccar';
import { isSoftDeleted, useDevicesStore } from './devices';
import { usePositionsStore } from './positions';
import { useSessionStore } from './session';

const device = (id: number, uniqueId = `35${id}`): Device => ({ id, name: `Car ${id}`, uniqueId, status: 'online', attributes: {} });
const fix = (id: number, deviceId: number, fixTime: string, latitude = -23.5): Position => ({
  id,
  deviceId,
  fixTime,
  latitude,
  longitude: -46.6,
  speed: 0,
  course: 0,
  attributes: {},
});

describe('devices store', () => {
  beforeEach(() => useDevicesStore.getState().clear());

  it('never holds a device deleted in safe mode', () => {
    expect(isSoftDeleted({ uniqueId: 'deleted-353-1700000000' })).toBe(true);
    expect(isSoftDeleted({ uniqueId: 'deleted-353' })).toBe(false);
    useDevicesStore.getState().replaceAll([device(1), device(2, 'deleted-352-1700000000')]);
    expect(Object.keys(useDevicesStore.getState().byId)).toEqual(['1']);
    useDevicesStore.getState().upsert([device(1, 'deleted-351-1700000001')]);
    expect(useDevicesStore.getState().byId).toEqual({});
  });

  it('updates changed devices and keeps the others', () => {
    useDevicesStore.getState().replaceAll([device(1), device(2)]);
    useDevicesStore.getState().upsert([{ ...device(2), status: 'offline' }]);
    expect(useDevicesStore.getState().byId[2]?.status).toBe('offline');
    expect(useDevicesStore.getState().byId[1]?.status).toBe('online');
  });
});

describe('positions store', () => {
  beforeEach(() => usePositionsStore.getState().clear());

  it('keeps the latest fix per device and ignores late, older ones', () => {
    const store = usePositionsStore.getState();
    store.apply([fix(1, 10, '2026-01-01T10:00:00Z', -23.1), fix(2, 11, '2026-01-01T10:00:00Z')]);
    store.apply([fix(3, 10, '2026-01-01T10:00:05Z', -23.2)]);
    store.apply([fix(4, 10, '2026-01-01T09:59:00Z', -23.9)]);
    expect(usePositionsStore.getState().latestByDeviceId[10]?.latitude).toBe(-23.2);
    expect(Object.keys(usePositionsStore.getState().latestByDeviceId)).toHaveLength(2);
  });

  it('notifies subscribers once per batch, however large', () => {
    const notified = jest.fn();
    const unsubscribe = usePositionsStore.subscribe(notified);
    usePositionsStore.getState().apply(Array.from({ length: 5000 }, (_, index) => fix(index, index, '2026-01-01T10:00:00Z')));
    unsubscribe();
    expect(notified).toHaveBeenCalledTimes(1);
  });
});

describe('session store', () => {
  it('goes from unknown to authenticated and back to anonymous', () => {
    expect(useSessionStore.getState().status).toBe('unknown');
    useSessionStore.getState().signedIn({ id: 1, name: 'Ana', email: 'a@x', attributes: {} });
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { name: 'Ana' } });
    useSessionStore.getState().signedOut();
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });
});
