import type { Device, Position } from '@rastro/shared';
import { deviceState } from './deviceState';

/** SPEC §2/§4 sort fields. */
export const sortFields = ['name', 'lastUpdate', 'motion', 'anchor', 'locked', 'ignition', 'driver', 'alert'] as const;
export type SortField = (typeof sortFields)[number];
export type SortDirection = 'asc' | 'desc';
export interface DeviceSort {
  field: SortField;
  direction: SortDirection;
}

/** SPEC §9: name ascending. */
export const DEFAULT_SORT: DeviceSort = { field: 'name', direction: 'asc' };

/** SPEC §4: choosing the same field again flips the direction; another field starts ascending. */
export function nextSort(current: DeviceSort, field: SortField): DeviceSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

export interface SortContext {
  positions: Readonly<Record<number, Position>>;
  anchoredDeviceIds: ReadonlySet<number>;
  language: string;
}

const collators = new Map<string, Intl.Collator>();
function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    // numeric: "Truck 2" before "Truck 10", as a person expects.
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/**
 * A state sort's key: a number or text for a device in that state (moving, anchored, locked,
 * ignition on, with a driver, with an alert), null for one that is not.
 */
function stateKey(field: Exclude<SortField, 'name' | 'lastUpdate'>, device: Device, context: SortContext): number | string | null {
  if (field === 'anchor') return context.anchoredDeviceIds.has(device.id) ? 1 : null;
  const state = deviceState(context.positions[device.id]);
  switch (field) {
    case 'motion':
      return state.moving ? 1 : null;
    case 'locked':
      return state.locked ? 1 : null;
    case 'ignition':
      return state.ignition ? 1 : null;
    case 'driver':
      return state.driver;
    case 'alert':
      return state.alarm;
  }
}

const updateTime = (device: Device): number | null => {
  const time = device.lastUpdate ? Date.parse(device.lastUpdate) : NaN;
  return Number.isNaN(time) ? null : time;
};

/** Bands of a non-name sort: devices with a key, devices without one, devices never updated. */
const KEYED = 0;
const UNKEYED = 1;
const NEVER_UPDATED = 2;

/**
 * Sorts by the chosen field and direction; ties keep name order (ascending, to stay readable).
 * - name: the whole order flips.
 * - lastUpdate: oldest or newest first; devices without an update last either way.
 * - a state: ascending puts the devices in that state first (driver and alert by their text),
 *   descending puts them after the others (text reversed); devices never updated have no state and
 *   come last either way (SPEC §4).
 */
export function sortDevices(devices: readonly Device[], sort: DeviceSort, context: SortContext): Device[] {
  const collator = collatorFor(context.language);
  return sortByNameOrder(
    [...devices].sort((a, b) => collator.compare(a.name, b.name)),
    sort,
    context,
  );
}

/**
 * sortDevices that remembers the name order: the socket replaces device records all the time (a new
 * status or last update) but rarely renames, adds or removes one, so when every device keeps its
 * name the previous order is reused with the new records instead of 50,000 names compared again.
 */
export function createDeviceSorter(): typeof sortDevices {
  let last: { language: string; devices: readonly Device[]; nameById: Map<number, string>; order: Device[] } | null = null;
  return (devices, sort, context) => {
    const collator = collatorFor(context.language);
    const sameNames =
      last !== null && last.language === context.language && (last.devices === devices || (last.nameById.size === devices.length && devices.every((device) => last?.nameById.get(device.id) === device.name)));
    let byName: Device[];
    if (last && last.devices === devices && sameNames) byName = last.order;
    else if (sameNames && last) {
      const current = new Map(devices.map((device) => [device.id, device]));
      byName = last.order.map((device) => current.get(device.id) ?? device);
    } else byName = [...devices].sort((a, b) => collator.compare(a.name, b.name));
    last = { language: context.language, devices, nameById: sameNames && last ? last.nameById : new Map(devices.map((device) => [device.id, device.name])), order: byName };
    return sortByNameOrder([...byName], sort, context);
  };
}

/** The sort applied to devices already in name order (the tie-break of every other field). */
function sortByNameOrder(byName: Device[], sort: DeviceSort, context: SortContext): Device[] {
  const collator = collatorFor(context.language);
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.field === 'name') return sort.direction === 'asc' ? byName : byName.reverse();
  const field = sort.field;

  // Decorate once, so each comparison reads a precomputed band and key, and the name rank breaks ties.
  const decorated = byName.map((device, rank) => {
    const time = updateTime(device);
    if (time === null) return { device, rank, band: NEVER_UPDATED, key: null };
    if (field === 'lastUpdate') return { device, rank, band: KEYED, key: time };
    const key = stateKey(field, device, context);
    const band = key === null ? UNKEYED : KEYED;
    // Descending shows the devices out of the state first.
    return { device, rank, band: sign < 0 ? 1 - band : band, key };
  });
  decorated.sort((a, b) => {
    if (a.band !== b.band) return a.band - b.band;
    let order = 0;
    if (a.key !== null && b.key !== null) order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : collator.compare(String(a.key), String(b.key));
    return order === 0 ? a.rank - b.rank : order * sign;
  });
  return decorated.map((entry) => entry.device);
}
