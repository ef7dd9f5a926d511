/**
 * The knobs of Traccar's trip and stop detection (TripsConfig), at the defaults of Traccar 6.14.5's
 * `report.trip.*` keys. Durations are in milliseconds here (Traccar configures them in seconds).
 */
export interface TripsConfig {
  /** A position without a `motion` attribute is moving above this speed, in knots. */
  speedThreshold: number;
  /** A motion streak becomes a trip once it covers this many metres… */
  minimalTripDistance: number;
  /** …or lasts this long. */
  minimalTripDuration: number;
  /** Standing still this long ends a trip. */
  minimalParkingDuration: number;
  /** A silence this long ends a trip at the last position before it. */
  minimalNoDataDuration: number;
  /** When true, ignition turning off ends a trip at once. */
  useIgnition: boolean;
}

export const TRACCAR_TRIPS_CONFIG: TripsConfig = {
  speedThreshold: 0.01,
  minimalTripDistance: 500,
  minimalTripDuration: 300_000,
  minimalParkingDuration: 300_000,
  minimalNoDataDuration: 3_600_000,
  useIgnition: false,
};

/** Where a device's settings come from: device, its groups, then the server (Traccar's AttributeUtil.lookup). */
export type AttributeLookup = (key: string) => unknown;

/**
 * The trip and stop knobs for one device, as Traccar reads them: the `report.trip.*` attributes
 * (durations in seconds, the distance in metres) and `event.motion.speedThreshold` (knots),
 * looked up on the device, its groups and the server; Traccar's defaults for anything absent or
 * not a number / boolean.
 */
export function tripsConfigFrom(lookup: AttributeLookup): TripsConfig {
  const defaults = TRACCAR_TRIPS_CONFIG;
  const seconds = (key: string, fallback: number) => {
    const value = numberSetting(lookup(key));
    return value === undefined ? fallback : value * 1000;
  };
  return {
    speedThreshold: numberSetting(lookup('event.motion.speedThreshold')) ?? defaults.speedThreshold,
    minimalTripDistance: numberSetting(lookup('report.trip.minimalTripDistance')) ?? defaults.minimalTripDistance,
    minimalTripDuration: seconds('report.trip.minimalTripDuration', defaults.minimalTripDuration),
    minimalParkingDuration: seconds('report.trip.minimalParkingDuration', defaults.minimalParkingDuration),
    minimalNoDataDuration: seconds('report.trip.minimalNoDataDuration', defaults.minimalNoDataDuration),
    useIgnition: booleanSetting(lookup('report.trip.useIgnition')) ?? defaults.useIgnition,
  };
}

/** Attribute values arrive as JSON numbers or, from forms, as text. */
function numberSetting(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

function booleanSetting(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : undefined;
}
