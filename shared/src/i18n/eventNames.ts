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
