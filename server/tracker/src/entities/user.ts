import { toAttributes, toDate, toNumber } from '@rastro/db';
import { formatDate } from './dates';

/** A user as the tracker keeps it, including the password hash that never leaves the server. */
export interface UserRecord {
  id: number;
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  hashedPassword: string;
  readonly: boolean;
  administrator: boolean;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  coordinateFormat: string | null;
  disabled: boolean;
  expirationTime: Date | null;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  attributes: Record<string, unknown>;
}

export type UserRow = Record<string, unknown>;

export function userFromRow(row: UserRow): UserRecord {
  return {
    id: toNumber(row.id),
    name: String(row.name),
    login: (row.login as string | null) ?? null,
    email: String(row.email),
    phone: (row.phone as string | null) ?? null,
    hashedPassword: String(row.hashedpassword),
    readonly: Boolean(row.readonly),
    administrator: Boolean(row.administrator),
    map: (row.map as string | null) ?? null,
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
    zoom: toNumber(row.zoom),
    coordinateFormat: (row.coordinateformat as string | null) ?? null,
    disabled: Boolean(row.disabled),
    expirationTime: toDate(row.expirationtime),
    deviceLimit: toNumber(row.devicelimit),
    userLimit: toNumber(row.userlimit),
    deviceReadonly: Boolean(row.devicereadonly),
    limitCommands: Boolean(row.limitcommands),
    disableReports: Boolean(row.disablereports),
    fixedEmail: Boolean(row.fixedemail),
    attributes: toAttributes(row.attributes),
  };
}

/** The User JSON of Traccar's API; the password is write-only, so it is never sent. */
export function userToJson(user: UserRecord) {
  return {
    id: user.id,
    attributes: user.attributes,
    name: user.name,
    login: user.login,
    email: user.email,
    phone: user.phone,
    readonly: user.readonly,
    administrator: user.administrator,
    map: user.map,
    latitude: user.latitude,
    longitude: user.longitude,
    zoom: user.zoom,
    coordinateFormat: user.coordinateFormat,
    disabled: user.disabled,
    expirationTime: formatDate(user.expirationTime),
    deviceLimit: user.deviceLimit,
    userLimit: user.userLimit,
    deviceReadonly: user.deviceReadonly,
    limitCommands: user.limitCommands,
    disableReports: user.disableReports,
    fixedEmail: user.fixedEmail,
    poiLayer: null,
    totpKey: null,
    temporary: false,
  };
}
