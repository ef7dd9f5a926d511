import type { Device, Position } from '@rastro/shared';
import { DEFAULT_FILTER, createDeviceFilter, filterDevices, matchesQuery, warmSearchTexts } from './deviceFilter';
import type { ListItem } from './deviceGroups';
import { listLayout } from './listLayout';
import type { ListLayout } from './listLayout';
import { DEFAULT_SORT, createDeviceSorter, nextSort, sortDevices } from './deviceSort';

const device = (id: number, name: string, extra: Partial<Device> = {}): Device => ({ id, name, uniqueId: `35${id}`, status: 'online', attributes: {}, ...extra });
const fix = (deviceId: number, attributes: Record<string, unknown>): Position => ({ id: deviceId, deviceId, latitude: 0, longitude: 0, speed: 0, course: 0, attributes });

const fleet = [
  device(1, 'Truck 10', { status: 'offline', category: 'truck', lastUpdate: '2026-01-01T10:00:00Z', groupId: 5 }),
  device(2, 'truck 2', { status: 'online', category: 'truck', lastUpdate: '2026-01-01T12:00:00Z' }),
  device(3, 'Ambulância', { status: 'unknown', category: 'van', attributes: { plate: 'ABC1D23' } }),
  device(4, 'Moto', { status: 'online', lastUpdate: '2026-01-01T11:00:00Z', groupId: 5 }),
];
const positions: Record<number, Position> = {
  1: fix(1, { motion: true, ignition: true, driverUniqueId: 'B' }),
  2: fix(2, { blocked: true, alarm: 'sos' }),
  4: fix(4, { motion: true, driverUniqueId: 'A' }),
};
const context = { positions, anchoredDeviceIds: new Set([4]), language: 'pt-BR' };
const names = (devices: Device[]) => devices.map((d) => d.name);
const ids = (devices: Device[]) => devices.map((d) => d.id);

describe('device filter (SPEC §4)', () => {
  it('does not search ids, raw time stamps or flags, which would match nearly every device', () => {
    const plain = device(10, 'Onix', { uniqueId: '865555', groupId: 1, calendarId: 0, positionId: 77, disabled: false, lastUpdate: '2026-01-01T10:00:00Z', attributes: { plate: 'XYZ9Z99' } });
    for (const query of ['10', '0', '1', '77', 'false', '2026']) expect(matchesQuery(plain, query)).toBe(false);
    expect(matchesQuery(plain, '9z9')).toBe(true);
  });

  it('searches fields and attributes, ignoring case and accents', () => {
    expect(matchesQuery(fleet[2] as Device, 'ambulancia')).toBe(true);
    expect(matchesQuery(fleet[2] as Device, 'abc1')).toBe(true);
    expect(matchesQuery(fleet[2] as Device, '353')).toBe(true);
    expect(matchesQuery(fleet[2] as Device, 'truck')).toBe(false);
    expect(matchesQuery(fleet[2] as Device, '  ')).toBe(true);
  });

  it('filters by status, motion, hidden categories and a single device', () => {
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, status: 'online' }, positions))).toEqual([2, 4]);
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, status: 'unknown' }, positions))).toEqual([3]);
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, motionOnly: true }, positions))).toEqual([1, 4]);
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, hiddenCategories: ['truck', 'default'] }, positions))).toEqual([3]);
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, deviceId: 2 }, positions))).toEqual([2]);
    // A group stands for itself and the groups under it (the set the group filter builds).
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, groupId: 1, groupIds: new Set([1, 5]) }, positions))).toEqual([1, 4]);
    expect(ids(filterDevices(fleet, { ...DEFAULT_FILTER, query: 'TRUCK', status: 'offline' }, positions))).toEqual([1]);
  });
});

describe('filtering as the user types', () => {
  it('gives the same answers as a full filter, letter by letter, backwards and after other changes', () => {
    const filterOf = createDeviceFilter();
    const sorted = sortDevices(fleet, DEFAULT_SORT, context);
    const steps = [
      { ...DEFAULT_FILTER, query: 't' },
      { ...DEFAULT_FILTER, query: 'tr' },
      { ...DEFAULT_FILTER, query: 'truck 1' },
      { ...DEFAULT_FILTER, query: 'truck' },
      { ...DEFAULT_FILTER, query: 'truck', status: 'online' as const },
      { ...DEFAULT_FILTER, query: 'truck 2', status: 'online' as const },
      { ...DEFAULT_FILTER, query: '' },
    ];
    for (const filter of steps) expect(ids(filterOf(sorted, filter, positions))).toEqual(ids(filterDevices(sorted, filter, positions)));
  });

  it('scans only what the previous letter left when the text grows', () => {
    const filterOf = createDeviceFilter();
    const none: Record<number, Position> = {};
    let reads = 0;
    const many = new Proxy(
      Array.from({ length: 1_000 }, (_, index) => device(index + 1, `Van ${index}`)),
      { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) },
    );
    // Each device scanned is read once, and each device shown once more to build the answer.
    expect(filterOf(many, { ...DEFAULT_FILTER, query: 'van 99' }, none)).toHaveLength(11);
    expect(reads).toBe(1_000 + 11);
    reads = 0;
    expect(ids(filterOf(many, { ...DEFAULT_FILTER, query: 'van 999' }, none))).toEqual([1000]);
    expect(reads).toBe(11 + 1);
    reads = 0;
    // The same text again answers without scanning.
    expect(filterOf(many, { ...DEFAULT_FILTER, query: 'van 999 ' }, none)).toHaveLength(1);
    expect(reads).toBe(0);
    // A shorter text looks at every device again.
    expect(filterOf(many, { ...DEFAULT_FILTER, query: 'van 9' }, none)).toHaveLength(111);
    expect(reads).toBe(1_000 + 111);
  });
});

describe('device sort (SPEC §4)', () => {
  it('defaults to name ascending, in natural order', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'name', direction: 'asc' });
    expect(names(sortDevices(fleet, DEFAULT_SORT, context))).toEqual(['Ambulância', 'Moto', 'truck 2', 'Truck 10']);
  });

  it('flips the direction when the same field is chosen again', () => {
    const flipped = nextSort(DEFAULT_SORT, 'name');
    expect(flipped).toEqual({ field: 'name', direction: 'desc' });
    expect(names(sortDevices(fleet, flipped, context))).toEqual(['Truck 10', 'truck 2', 'Moto', 'Ambulância']);
    expect(nextSort(flipped, 'lastUpdate')).toEqual({ field: 'lastUpdate', direction: 'asc' });
  });

  it('sorts by last update either way, devices without an update last', () => {
    expect(ids(sortDevices(fleet, { field: 'lastUpdate', direction: 'asc' }, context))).toEqual([1, 4, 2, 3]);
    expect(ids(sortDevices(fleet, { field: 'lastUpdate', direction: 'desc' }, context))).toEqual([2, 4, 1, 3]);
  });

  it.each([
    // field, ascending, descending: Ambulância (3) never updated is last either way.
    ['motion', [4, 1, 2, 3], [2, 4, 1, 3]],
    ['anchor', [4, 2, 1, 3], [2, 1, 4, 3]],
    ['locked', [2, 4, 1, 3], [4, 1, 2, 3]],
    ['ignition', [1, 4, 2, 3], [4, 2, 1, 3]],
    ['driver', [4, 1, 2, 3], [2, 1, 4, 3]],
    ['alert', [2, 4, 1, 3], [4, 1, 2, 3]],
  ] as const)('sorts by %s: in that state first, flipped to after the others, never-updated last', (field, ascending, descending) => {
    const first = nextSort(DEFAULT_SORT, field);
    expect(first).toEqual({ field, direction: 'asc' });
    expect(ids(sortDevices(fleet, first, context))).toEqual(ascending);
    const flipped = nextSort(first, field);
    expect(flipped).toEqual({ field, direction: 'desc' });
    expect(ids(sortDevices(fleet, flipped, context))).toEqual(descending);
  });

  it('orders text states by their text, reversed when descending', () => {
    const drivers = [device(1, 'a', { lastUpdate: '2026-01-01T10:00:00Z' }), device(2, 'b', { lastUpdate: '2026-01-01T10:00:00Z' }), device(3, 'c', { lastUpdate: '2026-01-01T10:00:00Z' })];
    const driverPositions = { 1: fix(1, { driverUniqueId: 'Zé' }), 2: fix(2, { driverUniqueId: 'Ana' }) };
    const driverContext = { ...context, positions: driverPositions };
    expect(ids(sortDevices(drivers, { field: 'driver', direction: 'asc' }, driverContext))).toEqual([2, 1, 3]);
    expect(ids(sortDevices(drivers, { field: 'driver', direction: 'desc' }, driverContext))).toEqual([3, 1, 2]);
  });
});

describe('sorting as the socket replaces device records', () => {
  it('gives the same order as a full sort after updates, renames, additions and removals', () => {
    const sortOf = createDeviceSorter();
    const updated = fleet.map((d) => ({ ...d, lastUpdate: d.id === 3 ? '2026-01-02T00:00:00Z' : d.lastUpdate }));
    const renamed = updated.map((d) => (d.id === 4 ? { ...d, name: 'Zebra' } : d));
    const grown = [...renamed, device(5, 'Bicicleta', { lastUpdate: '2026-01-01T09:00:00Z' })];
    const shrunk = grown.filter((d) => d.id !== 1);
    for (const devices of [fleet, updated, renamed, grown, shrunk])
      for (const sort of [DEFAULT_SORT, { field: 'name', direction: 'desc' } as const, { field: 'lastUpdate', direction: 'asc' } as const]) {
        const ordered = sortOf(devices, sort, context);
        expect(ids(ordered)).toEqual(ids(sortDevices(devices, sort, context)));
        // The new records, not the ones of the previous order.
        for (const shown of ordered) expect(shown).toBe(devices.find((d) => d.id === shown.id));
      }
  });
});

describe('list layout and grouping (groupPref)', () => {
  const heights = { device: 76, group: 30 };
  const label = (item: ListItem) => (item.kind === 'group' ? `[${item.name} ${item.count}]` : item.device.name);
  const rowsOf = (layout: ListLayout) => Array.from({ length: layout.count }, (_, index) => label(layout.itemAt(index)));

  it('puts a header over each group, devices without a group last', () => {
    const layout = listLayout(sortDevices(fleet, DEFAULT_SORT, context), 'group', { 5: 'Norte' }, 'Sem grupo', 'pt-BR', heights);
    expect(rowsOf(layout)).toEqual(['[Norte 2]', 'Moto', 'Truck 10', '[Sem grupo 2]', 'Ambulância', 'truck 2']);
    expect(rowsOf(listLayout(fleet, 'none', {}, '', 'pt-BR', heights))).toEqual(names(fleet));
  });

  it('places grouped rows one under the other and finds the row under any offset', () => {
    const layout = listLayout(sortDevices(fleet, DEFAULT_SORT, context), 'group', { 5: 'Norte' }, 'Sem grupo', 'pt-BR', heights);
    const tops = Array.from({ length: layout.count }, (_, index) => layout.topOf(index));
    expect(tops).toEqual([0, 30, 106, 182, 212, 288]);
    expect(layout.totalHeight).toBe(364);
    expect([0, 29, 30, 105, 106, 181, 182, 211, 212, 363, 5_000, -10].map((offset) => layout.indexAt(offset))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 0]);
    expect(layout.heightOf(3)).toBe(30);
    expect(layout.heightOf(4)).toBe(76);
    expect(layout.indexOfDevice(2)).toBe(5);
    expect(layout.indexOfDevice(99)).toBe(-1);
  });

  it('answers for 50,000 flat rows by arithmetic', () => {
    const many = Array.from({ length: 50_000 }, (_, index) => device(index + 1, `Van ${index}`));
    const layout = listLayout(many, 'none', {}, '', 'pt-BR', heights);
    expect(layout.totalHeight).toBe(50_000 * 76);
    expect(layout.indexAt(76 * 40_000 + 10)).toBe(40_000);
    expect(layout.itemAt(40_000)).toEqual({ kind: 'device', key: 'd40001', device: many[40_000] });
    expect(layout.indexOfDevice(50_000)).toBe(49_999);
  });
});

describe('search text of a replaced device record', () => {
  it('follows the new record, whether only its status and last update or its other fields changed', () => {
    const before = device(900, 'Onix Prata', { status: 'online', lastUpdate: '2026-01-01T10:00:00Z', attributes: { plate: 'AAA1B11' } });
    expect(matchesQuery(before, 'online')).toBe(true);
    const moved = { ...before, status: 'offline' as const, lastUpdate: '2026-03-04T05:06:07Z', attributes: { ...before.attributes } };
    expect(matchesQuery(moved, 'online')).toBe(false);
    expect(matchesQuery(moved, 'offline')).toBe(true);
    expect(matchesQuery(moved, 'prata')).toBe(true);
    const replated = { ...moved, name: 'Onix Preto', attributes: { plate: 'ZZZ9Z99' } };
    expect(matchesQuery(replated, 'prata')).toBe(false);
    expect(matchesQuery(replated, 'preto')).toBe(true);
    expect(matchesQuery(replated, 'aaa1')).toBe(false);
    expect(matchesQuery(replated, 'zzz9')).toBe(true);
    const { plate: _plate, ...withoutPlate } = replated.attributes;
    expect(matchesQuery({ ...replated, attributes: withoutPlate }, 'zzz9')).toBe(false);
  });
});

describe('search texts built ahead of typing', () => {
  it('builds them a slice at a time and stops when told', () => {
    const many = Array.from({ length: 4_500 }, (_, index) => device(100 + index, `Van ${index}`));
    const queued: Array<() => void> = [];
    const stop = warmSearchTexts(many, (work) => queued.push(work));
    let slices = 0;
    while (queued.length && slices < 2) {
      queued.shift()?.();
      slices++;
    }
    stop();
    queued.shift()?.();
    expect(slices).toBe(2);
    expect(queued).toHaveLength(0);
    // Same answers whether the texts were warmed or not.
    expect(ids(filterDevices(many, { ...DEFAULT_FILTER, query: 'van 4499' }, {}))).toEqual([4599]);
  });
});
