import { convertSpeed, formatNumber, twelveHourClockOf } from '@rastro/shared';
import type { Server, SpeedUnit, User } from '@rastro/shared';

const speedUnits: readonly SpeedUnit[] = ['kmh', 'mph', 'kn'];
const speedLabels: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', kn: 'kn' };

/** Traccar keeps the preferred unit in the `speedUnit` attribute (user first, then server); km/h otherwise. */
export function speedUnitOf(user: User | null, server: Server | null): SpeedUnit {
  const chosen = user?.attributes.speedUnit ?? server?.attributes.speedUnit;
  return speedUnits.find((unit) => unit === chosen) ?? 'kmh';
}

/** "19 km/h" from knots (SPEC §9: 1.852 km/h, 1.15078 mph per knot). */
export function formatSpeed(knots: number, unit: SpeedUnit, language: string): string {
  return `${formatNumber(Math.round(convertSpeed(knots, unit)), language, 0)} ${speedLabels[unit]}`;
}

/** SPEC §9: distances in metres, shown in km or miles (0.621371 miles per km), per the user's `distanceUnit`. */
export const MILES_PER_KM = 0.621371;
export function formatDistance(metres: number, user: User | null, server: Server | null, language: string): string {
  const unit = user?.attributes.distanceUnit ?? server?.attributes.distanceUnit;
  const km = metres / 1000;
  return unit === 'mi' ? `${formatNumber(km * MILES_PER_KM, language, 1)} mi` : `${formatNumber(km, language, 1)} km`;
}

export type CoordinateFormat = 'dd' | 'ddm' | 'dms';

/** The user's coordinate format (Traccar's user, then server `coordinateFormat`), decimal degrees by default. */
export function coordinateFormatOf(user: User | null, server: Server | null): CoordinateFormat {
  const chosen = user?.coordinateFormat || server?.coordinateFormat;
  return chosen === 'ddm' || chosen === 'dms' ? chosen : 'dd';
}

/** One coordinate in decimal degrees, degrees and decimal minutes, or degrees minutes seconds. */
export function formatCoordinate(value: number, axis: 'latitude' | 'longitude', format: CoordinateFormat): string {
  if (format === 'dd') return value.toFixed(6);
  const hemisphere = axis === 'latitude' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const absolute = Math.abs(value);
  if (format === 'ddm') {
    // Rounded as shown before splitting, so 59.99999 minutes is the next degree, never "60.0000'".
    const minutes = Math.round(absolute * 60 * 10_000) / 10_000;
    const degrees = Math.floor(minutes / 60);
    return `${degrees}° ${(minutes - degrees * 60).toFixed(4)}' ${hemisphere}`;
  }
  const seconds = Math.round(absolute * 3_600 * 100) / 100;
  const degrees = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds - degrees * 3_600) / 60);
  return `${degrees}° ${minutes}' ${(seconds - degrees * 3_600 - minutes * 60).toFixed(2)}" ${hemisphere}`;
}

/** `rastro.deviceAttributes`: the attributes pinned to every row (user first, then server), as a comma list. */
export function pinnedAttributesOf(user: User | null, server: Server | null): string[] {
  const list = user?.attributes['rastro.deviceAttributes'] ?? server?.attributes['rastro.deviceAttributes'];
  return typeof list === 'string' ? list.split(',').map((key) => key.trim()).filter(Boolean) : [];
}

/** The 12-hour clock (SPEC §3 server settings): the user's choice when it has one, else the server's. */
export const hour12Of = (user: User | null, server: Server | null): boolean => twelveHourClockOf(user, server);
