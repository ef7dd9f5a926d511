import { isSoftDeletedUniqueId } from '@rastro/shared/contract';
import type { ServiceAccount } from '../traccar/service-account';

type DeviceLike = { id?: unknown; uniqueId?: unknown; deviceId?: unknown };

/** A device removed in safe mode: its uniqueId was renamed `deleted-<uniqueId>-<timestamp>`. */
function isHiddenDevice(device: DeviceLike | null | undefined): boolean {
  return typeof device?.uniqueId === 'string' && isSoftDeletedUniqueId(device.uniqueId);
}

function isObject(value: unknown): value is DeviceLike {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether one record (a device, or anything naming a `deviceId`) belongs to a hidden device. */
function belongsToHidden(record: unknown, hiddenIds: ReadonlySet<number>): boolean {
  if (!isObject(record)) return false;
  if (isHiddenDevice(record)) return true;
  return typeof record.deviceId === 'number' && hiddenIds.has(record.deviceId);
}

/**
 * A `GET /api/devices` answer without the devices removed in safe mode; anything but a JSON array
 * of devices is returned as is.
 */
export function withoutHiddenDevices(json: string): string {
  return withoutHiddenRecords(json, new Set());
}

/**
 * A JSON answer (a list of devices, positions, events, report rows…) without the records of hidden
 * devices: devices by their renamed uniqueId, anything else by `deviceId` in `hiddenIds`. Text
 * that is not a JSON array comes back exactly as it was.
 */
export function withoutHiddenRecords(json: string, hiddenIds: ReadonlySet<number>): string {
  let records: unknown;
  try {
    records = JSON.parse(json);
  } catch {
    return json;
  }
  if (!Array.isArray(records)) return json;
  const visible = records.filter((record) => !belongsToHidden(record, hiddenIds));
  return visible.length === records.length ? json : JSON.stringify(visible);
}

/**
 * A request for the records of a period (a report, positions, their spreadsheets and exports) with
 * the hidden devices it names taken out of its `deviceId`s: a spreadsheet cannot be filtered
 * afterwards like JSON. Null when it named devices and every one is hidden, with no group: it asks
 * for nothing but a removed device. Ids are read as loosely as a server might (`01`, ` 1`).
 */
export function withoutHiddenDeviceIds(url: string, hiddenIds: ReadonlySet<number>): string | null {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const named = query.getAll('deviceId');
  const visible = named.filter((value) => !hiddenIds.has(Number(value.trim())));
  if (visible.length === named.length) return url;
  if (visible.length === 0 && !query.has('groupId')) return null;
  query.delete('deviceId');
  for (const value of visible) query.append('deviceId', value);
  return `${url.slice(0, at)}?${query.toString()}`;
}

/** Whether a single-object answer (`GET /api/devices/{id}`) is a hidden device. */
export function isHiddenDeviceJson(json: string): boolean {
  try {
    const device: unknown = JSON.parse(json);
    return isObject(device) && isHiddenDevice(device);
  } catch {
    return false;
  }
}

/**
 * A websocket message (`{"devices":[…],"positions":[…],"events":[…]}`) without hidden devices'
 * records; null when nothing is left to send. Anything else comes back unchanged.
 */
export function socketMessageWithoutHidden(text: string, hiddenIds: ReadonlySet<number>): string | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isObject(message)) return text;
  const entries = Object.entries(message as Record<string, unknown>);
  let changed = false;
  const kept: Array<[string, unknown]> = [];
  for (const [key, value] of entries) {
    if (!Array.isArray(value) || !['devices', 'positions', 'events'].includes(key)) {
      kept.push([key, value]);
      continue;
    }
    const visible = value.filter((record) => !belongsToHidden(record, hiddenIds));
    if (visible.length !== value.length) changed = true;
    if (visible.length > 0 || value.length === 0) kept.push([key, visible]);
  }
  if (!changed) return text;
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

const CACHE_MS = 3_000;

type DeviceRecord = { id: number; uniqueId: string; groupId?: number } & Record<string, unknown>;

/**
 * The ids of the devices removed in safe mode, as the service account sees every device; kept a
 * few seconds (and dropped by the proxy when a device is written). Without a service account the
 * set is empty: lists are then filtered by uniqueId only.
 *
 * A removed device is also taken out of its group (the safe delete does it; one removed before it
 * did is moved here, before its id is given out): a report or export asked by group is expanded by
 * the tracking server itself, so a removed device still in a group would be in the spreadsheet,
 * which cannot be filtered afterwards as JSON is.
 */
export class HiddenDeviceIds {
  private cached: { at: number; ids: Promise<ReadonlySet<number>> } | null = null;

  constructor(private readonly service: ServiceAccount) {}

  ids(): Promise<ReadonlySet<number>> {
    if (!this.service.configured) return Promise.resolve(new Set());
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.ids;
    const ids = this.read();
    this.cached = { at: Date.now(), ids };
    // A failed read is not kept: the next message asks again.
    ids.catch(() => {
      if (this.cached?.ids === ids) this.cached = null;
    });
    return ids;
  }

  forget(): void {
    this.cached = null;
  }

  private async read(): Promise<ReadonlySet<number>> {
    const hidden = (await this.service.json<DeviceRecord[]>({ path: '/api/devices?all=true' })).filter(isHiddenDevice);
    for (const device of hidden.filter((device) => (device.groupId ?? 0) > 0)) {
      await this.service.json({ method: 'PUT', path: `/api/devices/${device.id}`, json: outOfItsGroup(device) });
    }
    return new Set(hidden.map((device) => device.id));
  }
}

/** A device as written back when removed in safe mode: in no group, so no group's report reaches it. */
export function outOfItsGroup<Device extends object>(device: Device): Device & { groupId: 0 } {
  return { ...device, groupId: 0 };
}
