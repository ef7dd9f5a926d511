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

const NON_ASCII = /[\u0080-\uffff]/;

export function normalizeText(text: string): string {
  // Plain ASCII (identifiers, dates, statuses, most plates) has no accents to strip: the Unicode pass is skipped.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Parts of a device record the socket changes with nearly every message; the rest rarely changes. */
const VOLATILE_FIELDS = new Set(['status', 'lastUpdate', 'positionId']);
/** Between parts, so a needle cannot span two of them (their order does not matter to a search). */
const SEPARATOR = '\u0000';

function collectStrings(value: unknown, into: string[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const inner of Object.values(value as Record<string, unknown>)) collectStrings(inner, into);
  } else into.push(String(value));
}

function stableTextOf(device: Device): string {
  const strings: string[] = [];
  for (const [key, value] of Object.entries(device)) if (!VOLATILE_FIELDS.has(key)) collectStrings(value, strings);
  return normalizeText(strings.join(SEPARATOR));
}

function volatileTextOf(device: Device): string {
  const strings: string[] = [];
  for (const key of VOLATILE_FIELDS) collectStrings((device as unknown as Record<string, unknown>)[key], strings);
  return normalizeText(strings.join(SEPARATOR));
}

function countKeys(record: object): number {
  let count = 0;
  for (const _key in record) count++;
  return count;
}

/** Same values outside the volatile fields: top-level fields identical, attributes equal key by key. */
function sameStableContent(before: Device, after: Device): boolean {
  if (countKeys(before) !== countKeys(after) || countKeys(before.attributes) !== countKeys(after.attributes)) return false;
  const was = before as unknown as Record<string, unknown>;
  const is = after as unknown as Record<string, unknown>;
  for (const key in is) if (key !== 'attributes' && !VOLATILE_FIELDS.has(key) && (was[key] !== is[key] || !(key in was))) return false;
  for (const key in after.attributes) if (before.attributes[key] !== after.attributes[key] || !(key in before.attributes)) return false;
  return true;
}

// The socket replaces a device record with a new object on every message (its status and last
// update moved): the text is kept per device id, and only what changed is normalized again, so a
// fleet-wide update does not cost a full rebuild (a few hundred milliseconds at 50,000 devices).
const searchTexts = new Map<number, { device: Device; stable: string; text: string }>();

/** The device's fields and attribute values, normalized, separated so a needle cannot span two of them. */
export function searchTextOf(device: Device): string {
  const cached = searchTexts.get(device.id);
  if (cached?.device === device) return cached.text;
  const stable = cached && sameStableContent(cached.device, device) ? cached.stable : stableTextOf(device);
  const text = `${stable}${SEPARATOR}${volatileTextOf(device)}`;
  searchTexts.set(device.id, { device, stable, text });
  return text;
}

const WARM_SLICE = 2_000;
/** A slice stops early past this, so a frame of the map or a keystroke never waits long for it. */
const WARM_SLICE_MS = 4;

/**
 * Builds the search texts ahead of the first keystroke, a slice at a time in tasks of their own
 * (50,000 devices take a few hundred milliseconds, too long for one keystroke to pay). Not in idle
 * callbacks: beside the live map the page is rarely idle, and slices waiting for idleness (or a
 * one-second timeout each) left the texts unbuilt for tens of seconds. Returns what stops it when
 * the devices change again.
 */
export function warmSearchTexts(devices: readonly Device[], schedule: (work: () => void) => void = nextTask): () => void {
  let stopped = false;
  let next = 0;
  const slice = () => {
    if (stopped) return;
    const end = Math.min(devices.length, next + WARM_SLICE);
    const until = performance.now() + WARM_SLICE_MS;
    while (next < end) {
      searchTextOf(devices[next++] as Device);
      // Reading the clock every device would cost more than some devices' text.
      if (next % 64 === 0 && performance.now() > until) break;
    }
    if (next < devices.length) schedule(slice);
  };
  schedule(slice);
  return () => {
    stopped = true;
  };
}

function nextTask(work: () => void): void {
  setTimeout(work, 0);
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
