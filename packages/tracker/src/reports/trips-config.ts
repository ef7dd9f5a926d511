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
