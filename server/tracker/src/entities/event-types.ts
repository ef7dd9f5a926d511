/**
 * Traccar's event types, in the order its `Event` class declares them: what
 * `GET /api/notifications/types` lists and what a notification's `type` may be.
 */
export const EVENT_TYPES = [
  'commandResult',
  'queuedCommandSent',
  'deviceOnline',
  'deviceUnknown',
  'deviceOffline',
  'deviceInactive',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'deviceFuelIncrease',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
  'media',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The channels a stock Traccar with mail, SMS, push and Telegram configured offers. */
export const DEFAULT_NOTIFICATORS: readonly string[] = ['web', 'mail', 'sms', 'firebase', 'telegram'];

/** Channels that only deliver events, never a free-text announcement (Traccar's `?announcement=true`). */
export const NOTIFICATORS_WITHOUT_ANNOUNCEMENTS: readonly string[] = ['command', 'web'];
