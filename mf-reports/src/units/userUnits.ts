import { convertSpeed, formatDate, formatNumber, twelveHourClockOf } from '@rastro/shared';
import type { Server, SpeedUnit, User } from '@rastro/shared';

/** SPEC §9: 0.621371 miles per km; Traccar's altitude unit may be feet. */
export const MILES_PER_KM = 0.621371;
export const FEET_PER_METRE = 3.28084;

export type DistanceUnit = 'km' | 'mi';
export type AltitudeUnit = 'm' | 'ft';

/** Everything a report cell needs to be written the user's way. */
export interface UnitSettings {
  language: string;
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  altitudeUnit: AltitudeUnit;
  timeZone: string;
  hour12: boolean;
}

const speedLabels: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', kn: 'kn' };

/** The user's choice (Traccar's user attributes, then the server's), else the product's default. */
function preference<T extends string>(user: User | null, server: Server | null, key: string, allowed: readonly T[], fallback: T): T {
  const chosen = user?.attributes[key] ?? server?.attributes[key];
  return allowed.find((value) => value === chosen) ?? fallback;
}

/** A zone Intl knows, or null. */
function knownZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

export function unitSettingsOf(user: User | null, server: Server | null, language: string): UnitSettings {
  return {
    language,
    speedUnit: preference(user, server, 'speedUnit', ['kmh', 'mph', 'kn'] as const, 'kmh'),
    distanceUnit: preference(user, server, 'distanceUnit', ['km', 'mi'] as const, 'km'),
    altitudeUnit: preference(user, server, 'altitudeUnit', ['m', 'ft'] as const, 'm'),
    timeZone: knownZone(user?.attributes.timezone) ?? knownZone(server?.attributes.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    hour12: twelveHourClockOf(user, server),
  };
}

/** Knots (as Traccar sends speeds) in the user's unit, as a number for charts. */
export const speedValue = (knots: number, units: UnitSettings) => convertSpeed(knots, units.speedUnit);
export const speedLabel = (units: UnitSettings) => speedLabels[units.speedUnit];

/** "42 km/h" from knots. */
export function formatSpeed(knots: number, units: UnitSettings): string {
  return `${formatNumber(Math.round(speedValue(knots, units)), units.language, 0)} ${speedLabel(units)}`;
}

/** Metres as "12,3 km" or "7.6 mi". */
export function formatDistance(metres: number, units: UnitSettings): string {
  const km = metres / 1000;
  return units.distanceUnit === 'mi' ? `${formatNumber(km * MILES_PER_KM, units.language, 1)} mi` : `${formatNumber(km, units.language, 1)} km`;
}

export const altitudeValue = (metres: number, units: UnitSettings) => (units.altitudeUnit === 'ft' ? metres * FEET_PER_METRE : metres);

export function formatAltitude(metres: number, units: UnitSettings): string {
  return `${formatNumber(Math.round(altitudeValue(metres, units)), units.language, 0)} ${units.altitudeUnit}`;
}

/** Milliseconds as hours and minutes, "2 h 05 min" (durations and engine hours). */
export function formatDuration(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / 60_000);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A time axis's ticks (epoch seconds) in the user's language, time zone and clock: times of day within a day, dates beyond. */
export function axisTimes(ticks: number[], units: UnitSettings): string[] {
  const span = (ticks.at(-1) ?? 0) - (ticks[0] ?? 0);
  return ticks.map((seconds) => formatDate(seconds * 1000, units.language, span > 86_400 ? 'date' : 'time', { timeZone: units.timeZone, hour12: units.hour12 }));
}

/** An instant in the user's language, time zone and clock. */
export function formatTime(iso: string, units: UnitSettings): string {
  return formatDate(iso, units.language, 'dateTime', { timeZone: units.timeZone, hour12: units.hour12 });
}

export const formatDecimal = (value: number, units: UnitSettings, digits = 1) => formatNumber(value, units.language, digits);
