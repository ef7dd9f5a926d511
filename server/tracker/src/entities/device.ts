import { toAttributes, toDate, toNumber } from '@rastro/db';
import { formatDate } from './dates';

export type DeviceStatus = 'online' | 'offline' | 'unknown';

/** A device's stored fields; status, lastUpdate and positionId come from the live state. */
export interface DeviceRecord {
  id: number;
  name: string;
  uniqueId: string;
  groupId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: boolean;
  expirationTime: Date | null;
  calendarId: number;
  attributes: Record<string, unknown>;
}

/** What changes while the server runs, kept in memory (see ../live/live-fleet.ts). */
export interface DeviceLiveState {
  status: DeviceStatus;
  lastUpdate: Date | null;
  positionId: number;
}

export function deviceFromRow(row: Record<string, unknown>): DeviceRecord {
  return {
    id: toNumber(row.id),
    name: String(row.name),
    uniqueId: String(row.uniqueid),
    // Traccar sends 0, not null, for "no group" and "no calendar".
    groupId: toNumber(row.groupid),
    phone: (row.phone as string | null) ?? null,
    model: (row.model as string | null) ?? null,
    contact: (row.contact as string | null) ?? null,
    category: (row.category as string | null) ?? null,
    disabled: Boolean(row.disabled),
    expirationTime: toDate(row.expirationtime),
    calendarId: toNumber(row.calendarid),
    attributes: toAttributes(row.attributes),
  };
}

export type DeviceJson = ReturnType<typeof deviceToJson>;

export function deviceToJson(device: DeviceRecord, live: DeviceLiveState) {
  return {
    id: device.id,
    attributes: device.attributes,
    groupId: device.groupId,
    calendarId: device.calendarId,
    name: device.name,
    uniqueId: device.uniqueId,
    status: live.status,
    lastUpdate: formatDate(live.lastUpdate),
    positionId: live.positionId,
    phone: device.phone,
    model: device.model,
    contact: device.contact,
    category: device.category,
    disabled: device.disabled,
    expirationTime: formatDate(device.expirationTime),
  };
}
