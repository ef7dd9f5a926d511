import { i18n } from './i18n';

/**
 * A Traccar alarm (the position or event attribute `alarm`) by its name in the current language,
 * from the one catalog every remote shares; an alarm the catalog does not know yet, as the device named it.
 */
export function alarmName(alarm: string): string {
  return i18n.exists(`alarms.${alarm}`) ? i18n.t(`alarms.${alarm}`) : alarm;
}

/** A tracking event's name in the current language ("Alarme: SOS", "Ignição ligada"); an unknown type by its code. */
export function eventName(type: string, alarm?: string | null): string {
  // Not a defaultValue: the missing-key marker would take its place.
  if (!i18n.exists(`shell.events.${type}`)) return i18n.t('shell.events.unknown', { type });
  return i18n.t(`shell.events.${type}`, { alarm: alarm ? alarmName(alarm) : '' });
}

/** Traccar's alarm names (Position.ALARM_*), each with its name in every catalog's `alarms`. */
export const knownAlarms: readonly string[] = [
  'general',
  'sos',
  'vibration',
  'movement',
  'lowspeed',
  'overspeed',
  'fallDown',
  'lowPower',
  'lowBattery',
  'fault',
  'powerOff',
  'powerOn',
  'door',
  'lock',
  'unlock',
  'geofence',
  'geofenceEnter',
  'geofenceExit',
  'gpsAntennaCut',
  'accident',
  'tow',
  'idle',
  'highRpm',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'laneChange',
  'fatigueDriving',
  'powerCut',
  'powerRestored',
  'jamming',
  'temperature',
  'parking',
  'bonnet',
  'footBrake',
  'fuelLeak',
  'tampering',
  'removing',
];
