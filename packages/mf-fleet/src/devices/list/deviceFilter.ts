import type { Device, DeviceStatus, Position } from '@rastro/shared';

/** SPEC §4 device filter: status, motion only, hidden categories, one device, free text. */
export interface DeviceFilter {
  status: 'all' | DeviceStatus;
  motionOnly: boolean;
  hiddenCategories: readonly string[];
  deviceId: number | null;
  query: string;
}

export const DEFAULT_FILTER: DeviceFilter = { status: 'all', motionOnly: false, hiddenCategories: [], deviceId: null, query: '' };

/** Devices without a category count as "default", the map's icon for them. */
export const DEFAULT_CATEGORY = 'default';
export const categoryOf = (device: Device): string => device.category || DEFAULT_CATEGORY;

export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

// Built once per device record: the socket replaces a changed device with a new object, so the
// cache never serves stale text, and a keystroke only scans precomputed strings.
const searchTexts = new WeakMap<Device, string>();

function stringsOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(stringsOf);
  return [String(value)];
}

/** The device's fields and attribute values, normalized, separated so a needle cannot span two of them. */
export function searchTextOf(device: Device): string {
  let text = searchTexts.get(device);
  if (text === undefined) {
    const { attributes, ...fields } = device;
    text = normalizeText([...stringsOf(fields), ...stringsOf(attributes)].join('\u0000'));
    searchTexts.set(device, text);
  }
  return text;
}

const WARM_SLICE = 2_000;

/**
 * Builds the search texts ahead of the first keystroke, a slice at a time while the page is idle
 * (50,000 devices take a few hundred milliseconds, too long for one keystroke to pay). Returns
 * what stops it when the devices change again.
 */
export function warmSearchTexts(devices: readonly Device[], schedule: (work: () => void) => void = whenIdle): () => void {
  let stopped = false;
  let next = 0;
  const slice = () => {
    if (stopped) return;
    const end = Math.min(devices.length, next + WARM_SLICE);
    for (; next < end; next++) searchTextOf(devices[next] as Device);
    if (next < devices.length) schedule(slice);
  };
  schedule(slice);
  return () => {
    stopped = true;
  };
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1_000 });
  else setTimeout(work, 0);
}

/** Free-text search over a device's fields and attribute values, case- and accent-insensitive. */
export function matchesQuery(device: Device, query: string): boolean {
  const needle = normalizeText(query.trim());
  return !needle || searchTextOf(device).includes(needle);
}

/**
 * Keeps the devices that pass every part of the filter, in the order given: the list sorts once
 * and filters that sorted array on each keystroke, which is what keeps 50,000 devices in a frame.
 */
export function filterDevices(devices: readonly Device[], filter: DeviceFilter, positions: Readonly<Record<number, Position>>): Device[] {
  const needle = normalizeText(filter.query.trim());
  const hidden = filter.hiddenCategories.length ? new Set(filter.hiddenCategories) : null;
  return devices.filter(
    (device) =>
      (filter.deviceId === null || device.id === filter.deviceId) &&
      (filter.status === 'all' || device.status === filter.status) &&
      (!filter.motionOnly || positions[device.id]?.attributes.motion === true) &&
      (!hidden || !hidden.has(categoryOf(device))) &&
      (!needle || searchTextOf(device).includes(needle)),
  );
}

/**
 * filterDevices that remembers its last answer: when only the search text grew (the user typed
 * another letter) over the same sorted devices and the same other choices, only the devices shown
 * a keystroke ago can still match, so only those are scanned.
 */
export function createDeviceFilter(): typeof filterDevices {
  let last: { devices: readonly Device[]; filter: DeviceFilter; positions: Readonly<Record<number, Position>>; needle: string; result: Device[] } | null = null;
  return (devices, filter, positions) => {
    const needle = normalizeText(filter.query.trim());
    const narrower =
      last !== null &&
      last.devices === devices &&
      last.positions === positions &&
      last.filter.status === filter.status &&
      last.filter.motionOnly === filter.motionOnly &&
      last.filter.deviceId === filter.deviceId &&
      last.filter.hiddenCategories === filter.hiddenCategories &&
      needle.includes(last.needle);
    const source = narrower && last ? last.result : devices;
    const result = narrower && last && needle === last.needle ? last.result : filterDevices(source, filter, positions);
    last = { devices, filter, positions, needle, result };
    return result;
  };
}
