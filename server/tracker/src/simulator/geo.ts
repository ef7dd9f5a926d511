/** Just enough spherical geometry for vehicles moving a few kilometres at a time. */

export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_METRES = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Traccar keeps speeds in knots; the simulator thinks in metres per second. */
export const KNOTS_PER_METRE_PER_SECOND = 3600 / 1852;
export const kmhToMetresPerSecond = (kmh: number) => kmh / 3.6;
export const metresPerSecondToKnots = (speed: number) => speed * KNOTS_PER_METRE_PER_SECOND;
export const knotsToKmh = (knots: number) => (knots * 1.852);

/** Great-circle distance in metres (haversine). */
export function distanceMetres(from: LatLon, to: LatLon): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LatLon, to: LatLon): number {
  const lat1 = toRadians(from.latitude);
  const lat2 = toRadians(to.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/** The point `metres` away from `from` heading `bearing` degrees. */
export function destination(from: LatLon, bearing: number, metres: number): LatLon {
  const angular = metres / EARTH_RADIUS_METRES;
  const heading = toRadians(bearing);
  const lat1 = toRadians(from.latitude);
  const lon1 = toRadians(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(heading));
  const lon2 = lon1 + Math.atan2(Math.sin(heading) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: toDegrees(lat2), longitude: ((toDegrees(lon2) + 540) % 360) - 180 };
}
