import { toAttributes, toDate, toNumber } from '@rastro/db';
import { formatDate } from './dates';

/** A cell tower a device heard, as Traccar's CellTower (signal strength only when reported). */
export interface CellTower {
  cellId: number;
  locationAreaCode: number;
  mobileCountryCode: number;
  mobileNetworkCode: number;
  signalStrength?: number;
}

/** A Wi-Fi access point a device heard, as Traccar's WifiAccessPoint. */
export interface WifiAccessPoint {
  macAddress: string;
  signalStrength: number;
}

/** Traccar's Network: what a device heard around it, for geolocation; lists only when reported. */
export interface PositionNetwork {
  radioType: string;
  considerIp: boolean;
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
}

/** A position before it is stored (no id yet). Speed is in knots, as Traccar keeps it. */
export interface NewPosition {
  deviceId: number;
  protocol: string;
  serverTime: Date;
  deviceTime: Date;
  fixTime: Date;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  attributes: Record<string, unknown>;
  /**
   * The geofences the fix lies in, as Traccar's GeofenceHandler stores them (null or absent: none,
   * or not worked out yet — the ingest fills it in before storing).
   */
  geofenceIds?: readonly number[] | null;
  /** Cell towers and Wi-Fi access points (null or absent: none reported). */
  network?: PositionNetwork | null;
}

export interface PositionRecord extends NewPosition {
  id: number;
  address: string | null;
}

/** What a route's spreadsheet shows of a fix (and the cursor of a track's pages: its time and id). */
export type RouteFix = Pick<PositionRecord, 'id' | 'fixTime' | 'latitude' | 'longitude' | 'speed' | 'course' | 'altitude' | 'address'>;

/** The columns of a RouteFix: no attributes to decode, a fraction of a whole position's row. */
export const ROUTE_FIX_COLUMNS = 'id, fixtime, latitude, longitude, speed, course, altitude, address';

export function routeFixFromRow(row: Record<string, unknown>): RouteFix {
  return {
    id: toNumber(row.id),
    fixTime: toDate(row.fixtime) ?? new Date(0),
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
    speed: toNumber(row.speed),
    course: toNumber(row.course),
    altitude: toNumber(row.altitude),
    address: (row.address as string | null) ?? null,
  };
}

export function positionFromRow(row: Record<string, unknown>): PositionRecord {
  return {
    id: toNumber(row.id),
    deviceId: toNumber(row.deviceid),
    protocol: String(row.protocol ?? ''),
    serverTime: toDate(row.servertime) ?? new Date(0),
    deviceTime: toDate(row.devicetime) ?? new Date(0),
    fixTime: toDate(row.fixtime) ?? new Date(0),
    valid: Boolean(row.valid),
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
    altitude: toNumber(row.altitude),
    speed: toNumber(row.speed),
    course: toNumber(row.course),
    address: (row.address as string | null) ?? null,
    accuracy: toNumber(row.accuracy),
    attributes: toAttributes(row.attributes),
    geofenceIds: geofenceIdsFrom(row.geofenceids),
    network: networkFrom(row.network),
  };
}

function networkFrom(value: unknown): PositionNetwork | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' ? (parsed as PositionNetwork) : null;
}

function geofenceIdsFrom(value: unknown): number[] | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) && parsed.length > 0 ? parsed.map(Number) : null;
}

export type PositionJson = ReturnType<typeof positionToJson>;

export function positionToJson(position: PositionRecord) {
  return {
    id: position.id,
    attributes: position.attributes,
    deviceId: position.deviceId,
    protocol: position.protocol,
    serverTime: formatDate(position.serverTime),
    deviceTime: formatDate(position.deviceTime),
    fixTime: formatDate(position.fixTime),
    valid: position.valid,
    latitude: position.latitude,
    longitude: position.longitude,
    altitude: position.altitude,
    speed: position.speed,
    course: position.course,
    address: position.address,
    accuracy: position.accuracy,
    network: position.network ?? null,
    geofenceIds: position.geofenceIds?.length ? [...position.geofenceIds] : null,
  };
}
