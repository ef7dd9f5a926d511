import { z } from 'zod';

/**
 * Entities of the tracking API, as Traccar sends them (see ../../../../shared/TRACCAR.md).
 * Schemas are lenient on extra keys (`.loose()`): a newer Traccar may add fields, and Rastro
 * must keep working against it unchanged.
 */

const attributes = z.record(z.string(), z.unknown()).default({});
const isoDate = z.string().nullable().optional();

export const serverSchema = z
  .object({
    id: z.number(),
    registration: z.boolean().optional(),
    readonly: z.boolean().optional(),
    deviceReadonly: z.boolean().optional(),
    map: z.string().nullable().optional(),
    mapUrl: z.string().nullable().optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    zoom: z.number().optional(),
    twelveHourFormat: z.boolean().optional(),
    forceSettings: z.boolean().optional(),
    coordinateFormat: z.string().nullable().optional(),
    limitCommands: z.boolean().optional(),
    disableReports: z.boolean().optional(),
    version: z.string().optional(),
    /** A message for every signed-in user (Traccar's own field): the shell shows it until closed. */
    announcement: z.string().nullable().optional(),
    attributes,
  })
  .loose();
export type Server = z.infer<typeof serverSchema>;

export const userSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    login: z.string().nullable().optional(),
    email: z.string(),
    phone: z.string().nullable().optional(),
    readonly: z.boolean().optional(),
    administrator: z.boolean().optional(),
    map: z.string().nullable().optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    zoom: z.number().optional(),
    coordinateFormat: z.string().nullable().optional(),
    disabled: z.boolean().optional(),
    expirationTime: isoDate,
    deviceLimit: z.number().optional(),
    userLimit: z.number().optional(),
    deviceReadonly: z.boolean().optional(),
    limitCommands: z.boolean().optional(),
    disableReports: z.boolean().optional(),
    fixedEmail: z.boolean().optional(),
    attributes,
  })
  .loose();
export type User = z.infer<typeof userSchema>;

export const deviceStatusSchema = z.enum(['online', 'offline', 'unknown']);
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

export const deviceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    uniqueId: z.string(),
    status: deviceStatusSchema.catch('unknown'),
    lastUpdate: isoDate,
    positionId: z.number().optional(),
    groupId: z.number().optional(),
    calendarId: z.number().optional(),
    phone: z.string().nullable().optional(),
    model: z.string().nullable().optional(),
    contact: z.string().nullable().optional(),
    category: z.string().nullable().optional(),
    disabled: z.boolean().optional(),
    expirationTime: isoDate,
    attributes,
  })
  .loose();
export type Device = z.infer<typeof deviceSchema>;

export const positionSchema = z
  .object({
    id: z.number(),
    deviceId: z.number(),
    protocol: z.string().nullable().optional(),
    serverTime: isoDate,
    deviceTime: isoDate,
    fixTime: isoDate,
    valid: z.boolean().optional(),
    latitude: z.number(),
    longitude: z.number(),
    altitude: z.number().optional(),
    /** Knots, as Traccar sends it. */
    speed: z.number().default(0),
    course: z.number().default(0),
    address: z.string().nullable().optional(),
    accuracy: z.number().optional(),
    geofenceIds: z.array(z.number()).nullable().optional(),
    attributes,
  })
  .loose();
export type Position = z.infer<typeof positionSchema>;

export const eventSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    eventTime: isoDate,
    deviceId: z.number(),
    positionId: z.number().optional(),
    geofenceId: z.number().optional(),
    maintenanceId: z.number().optional(),
    attributes,
  })
  .loose();
export type TrackingEvent = z.infer<typeof eventSchema>;

/** One websocket message: Traccar sends exactly one of these keys per message, or `{}` as keep-alive. */
export const socketMessageSchema = z.object({
  devices: z.array(deviceSchema).optional(),
  positions: z.array(positionSchema).optional(),
  events: z.array(eventSchema).optional(),
  /**
   * Rastro's own, sent by the gateway (never by Traccar) to every open browser after the server
   * settings were saved: read `GET /api/server` again.
   */
  serverChanged: z.literal(true).optional(),
});
export type SocketMessage = z.infer<typeof socketMessageSchema>;
