import { toAttributes, toDate, toNumber } from '@rastro/db';
import { formatDate } from './dates';

/** A Traccar event before it is stored. `type` is one of GET /api/notifications/types. */
export interface NewEvent {
  type: string;
  eventTime: Date;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Record<string, unknown>;
}

export interface EventRecord extends NewEvent {
  id: number;
}

export function eventFromRow(row: Record<string, unknown>): EventRecord {
  return {
    id: toNumber(row.id),
    type: String(row.type),
    eventTime: toDate(row.eventtime) ?? new Date(0),
    deviceId: toNumber(row.deviceid),
    positionId: toNumber(row.positionid),
    geofenceId: toNumber(row.geofenceid),
    maintenanceId: toNumber(row.maintenanceid),
    attributes: toAttributes(row.attributes),
  };
}

export type EventJson = ReturnType<typeof eventToJson>;

export function eventToJson(event: EventRecord) {
  return {
    id: event.id,
    attributes: event.attributes,
    type: event.type,
    eventTime: formatDate(event.eventTime),
    deviceId: event.deviceId,
    positionId: event.positionId,
    geofenceId: event.geofenceId,
    maintenanceId: event.maintenanceId,
  };
}
