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
 * A state sort puts devices in that state first when ascending (moving, anchored, locked, ignition
 * on, with a driver, with an alert); the key is a number or text, with null for "not in it".
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

function keyOf(field: SortField, device: Device, context: SortContext): number | string | null {
  if (field === 'name') return device.name;
  if (field === 'lastUpdate') {
    const time = device.lastUpdate ? Date.parse(device.lastUpdate) : NaN;
    return Number.isNaN(time) ? null : time;
  }
  return stateKey(field, device, context);
}

/**
 * Sorts by the chosen field and direction; ties keep name order. Devices without a key (no update,
 * not in the state) always come last, whichever the direction (SPEC §4).
 */
export function sortDevices(devices: readonly Device[], sort: DeviceSort, context: SortContext): Device[] {
  const collator = collatorFor(context.language);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = [...devices].sort((a, b) => collator.compare(a.name, b.name));
  if (sort.field === 'name') return sort.direction === 'asc' ? byName : byName.reverse();

  // Decorate once, so each comparison reads a precomputed key and the name rank breaks ties.
  const decorated = byName.map((device, rank) => ({ device, rank, key: keyOf(sort.field, device, context) }));
  decorated.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.rank - b.rank : a.key === null ? 1 : -1;
    let order: number;
    if (typeof a.key === 'number' && typeof b.key === 'number') order = a.key - b.key;
    else order = collator.compare(String(a.key), String(b.key));
    return order === 0 ? a.rank - b.rank : order * sign;
  });
  return decorated.map((entry) => entry.device);
}
