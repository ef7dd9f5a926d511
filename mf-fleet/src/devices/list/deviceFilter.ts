import type { Device, DeviceStatus, Position } from '@rastro/shared';

/** SPEC §4 device filter: status, motion only, hidden categories, one device, free text; and a group (issue 16). */
export interface DeviceFilter {
  status: 'all' | DeviceStatus;
  motionOnly: boolean;
  hiddenCategories: readonly string[];
  deviceId: number | null;
  query: string;
  /** The group chosen, and the ids it stands for: itself and every group under it. */
  groupId: number | null;
  groupIds: ReadonlySet<number> | null;
}

export const DEFAULT_FILTER: DeviceFilter = { status: 'all', motionOnly: false, hiddenCategories: [], deviceId: null, query: '', groupId: null, groupIds: null };

/** Devices without a category count as "default", the map's icon for them. */
export const DEFAULT_CATEGORY = 'default';
export const categoryOf = (device: Device): string => device.category || DEFAULT_CATEGORY;

const NON_ASCII = /[\u0080-\uffff]/;

export function normalizeText(text: string): string {
  // Plain ASCII (identifiers, dates, statuses, most plates) has no accents to strip: the Unicode pass is skipped.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Not searched: ids (a typed "0" or "1" would match every device through calendarId 0 or groupId
 * 1), raw time stamps (the list shows them as relative times, nobody types ISO dates) and flags.
 * The status is searched, but kept apart: it changes with nearly every message.
 */
const NOT_SEARCHED = new Set(['id', 'groupId', 'calendarId', 'positionId', 'lastUpdate', 'expirationTime', 'disabled', 'status']);
/** Between parts, so a needle cannot span two of them (their order does not matter to a search). */
const SEPARATOR = '\u0000';

/**
 * Appends every value inside `value` (attribute values, nested objects too) to `text`, each
 * followed by the separator. One string grown in place, no array per device: building the texts
 * of 50,000 new devices is the one search cost a user can meet on a keystroke.
 */
function appendValues(text: string, value: unknown): string {
  if (value === null || value === undefined) return text;
  if (typeof value !== 'object') return text + String(value) + SEPARATOR;
  const record = value as Record<string, unknown>;
  for (const key in record) text = appendValues(text, record[key]);
  return text;
}

function stableTextOf(device: Device): string {
  const record = device as unknown as Record<string, unknown>;
  let text = '';
  for (const key in record) if (!NOT_SEARCHED.has(key)) text = appendValues(text, record[key]);
  return normalizeText(text);
}

function countKeys(record: object): number {
  let count = 0;
  for (const _key in record) count++;
  return count;
}

/** Same values in every searched field: top-level fields identical, attributes equal key by key. */
function sameStableContent(before: Device, after: Device): boolean {
  if (countKeys(before) !== countKeys(after) || countKeys(before.attributes) !== countKeys(after.attributes)) return false;
  const was = before as unknown as Record<string, unknown>;
  const is = after as unknown as Record<string, unknown>;
  for (const key in is) if (key !== 'attributes' && !NOT_SEARCHED.has(key) && (was[key] !== is[key] || !(key in was))) return false;
  for (const key in after.attributes) if (before.attributes[key] !== after.attributes[key] || !(key in before.attributes)) return false;
  return true;
}

// The socket replaces a device record with a new object on every message (its status and last
// update moved): the text is kept per device id, and only what changed is normalized again, so a
// fleet-wide update does not cost a full rebuild (a few hundred milliseconds at 50,000 devices).
const searchTexts = new Map<number, { device: Device; stable: string; text: string }>();

/** The device's searched fields and attribute values, normalized, separated so a needle cannot span two of them. */
export function searchTextOf(device: Device): string {
  const cached = searchTexts.get(device.id);
  if (cached?.device === device) return cached.text;
  const stable = cached && sameStableContent(cached.device, device) ? cached.stable : stableTextOf(device);
  // Statuses are lower-case ASCII words: nothing to normalize.
  const text = stable + device.status;
  searchTexts.set(device.id, { device, stable, text });
  return text;
}

/**
 * The search texts of one device array, index by index. A keystroke reads a text by its position
 * in the sorted array it filters, not through the per-id cache: 50,000 map lookups and record
 * comparisons per letter cost more than the search itself. Filled ahead of typing by
 * warmSearchTexts, and by any search that meets a gap.
 */
const textsByArray = new WeakMap<readonly Device[], Array<string | undefined>>();

function textsOf(devices: readonly Device[]): Array<string | undefined> {
  let texts = textsByArray.get(devices);
  if (!texts) textsByArray.set(devices, (texts = new Array<string | undefined>(devices.length).fill(undefined)));
  return texts;
}

const WARM_SLICE = 2_000;
/** A slice stops early past this, so a frame of the map or a keystroke never waits long for it. */
const WARM_SLICE_MS = 4;

/**
 * Builds the search texts of the array the list filters ahead of the first keystroke, a slice at a
 * time in tasks of their own (50,000 new devices take a few hundred milliseconds, too long for one
 * keystroke to pay; an array of known records takes a few). Not in idle callbacks: beside the live
 * map the page is rarely idle, and slices waiting for idleness (or a one-second timeout each) left
 * the texts unbuilt for tens of seconds. Returns what stops it when the devices change again.
 */
export function warmSearchTexts(devices: readonly Device[], schedule: (work: () => void) => void = nextTask): () => void {
  let stopped = false;
  let next = 0;
  const texts = textsOf(devices);
  const slice = () => {
    if (stopped) return;
    const end = Math.min(devices.length, next + WARM_SLICE);
    const until = performance.now() + WARM_SLICE_MS;
    while (next < end) {
      texts[next] ??= searchTextOf(devices[next] as Device);
      next++;
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

/** The Prioritized Task Scheduling API, where the browser has it (Chromium does). */
type TaskScheduler = { postTask(work: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }): Promise<unknown> };

/**
 * A task of its own, as soon as the browser can. postTask where it exists: nested timeouts are
 * clamped to 4 ms each, which made 50,000 texts take twice their work time to build, often
 * after the user's first keystroke.
 */
function nextTask(work: () => void): void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(work, { priority: 'user-visible' });
  else setTimeout(work, 0);
}

/** Free-text search over a device's fields and attribute values, case- and accent-insensitive. */
export function matchesQuery(device: Device, query: string): boolean {
  const needle = normalizeText(query.trim());
  return !needle || searchTextOf(device).includes(needle);
}

/**
 * The positions in `devices` of the devices that pass every part of the filter, in order; only the
 * positions in `within` are looked at when given. One plain loop over positions: no closure or
 * intermediate array per device, which at 50,000 devices is most of a keystroke's cost.
 */
function matchingIndexes(devices: readonly Device[], filter: DeviceFilter, positions: Readonly<Record<number, Position>>, needle: string, within: Int32Array | null): Int32Array {
  const texts = needle ? textsOf(devices) : null;
  const hidden = filter.hiddenCategories.length ? new Set(filter.hiddenCategories) : null;
  const { deviceId, status, motionOnly, groupIds } = filter;
  const count = within ? within.length : devices.length;
  const found = new Int32Array(count);
  let size = 0;
  for (let step = 0; step < count; step++) {
    const index = within ? (within[step] as number) : step;
    const device = devices[index] as Device;
    if (deviceId !== null && device.id !== deviceId) continue;
    if (status !== 'all' && device.status !== status) continue;
    if (groupIds && !groupIds.has(device.groupId ?? 0)) continue;
    if (motionOnly && positions[device.id]?.attributes.motion !== true) continue;
    if (hidden?.has(categoryOf(device))) continue;
    if (texts && !(texts[index] ??= searchTextOf(device)).includes(needle)) continue;
    found[size++] = index;
  }
  return found.subarray(0, size);
}

function devicesAt(devices: readonly Device[], indexes: Int32Array): Device[] {
  // A plain loop: Array.from with a mapping function costs several times as much over 50,000 positions.
  const found = new Array<Device>(indexes.length);
  for (let step = 0; step < indexes.length; step++) found[step] = devices[indexes[step] as number] as Device;
  return found;
}

/**
 * Keeps the devices that pass every part of the filter, in the order given: the list sorts once
 * and filters that sorted array on each keystroke, which is what keeps 50,000 devices in a frame.
 */
export function filterDevices(devices: readonly Device[], filter: DeviceFilter, positions: Readonly<Record<number, Position>>): Device[] {
  return devicesAt(devices, matchingIndexes(devices, filter, positions, normalizeText(filter.query.trim()), null));
}

/**
 * filterDevices that remembers its last answer: when only the search text grew (the user typed
 * another letter) over the same sorted devices and the same other choices, only the devices shown
 * a keystroke ago can still match, so only those are scanned.
 */
export function createDeviceFilter(): typeof filterDevices {
  let last: { devices: readonly Device[]; filter: DeviceFilter; positions: Readonly<Record<number, Position>>; needle: string; indexes: Int32Array; result: Device[] } | null = null;
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
      last.filter.groupIds === filter.groupIds &&
      needle.includes(last.needle);
    if (narrower && last && needle === last.needle) return last.result;
    const indexes = matchingIndexes(devices, filter, positions, needle, narrower && last ? last.indexes : null);
    last = { devices, filter, positions, needle, indexes, result: devicesAt(devices, indexes) };
    return last.result;
  };
}
