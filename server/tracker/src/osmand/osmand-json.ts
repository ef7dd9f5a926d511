import { z } from 'zod';
import { OsmandRequestError } from './osmand-errors';
import type { OsmandReport } from './osmand-request';

// Traccar's UnitsConverter.knotsFromMps.
const KNOTS_PER_MPS = 1 / 0.514444;

const finite = z.number().finite();
const location = z.object({
  timestamp: z.string().min(1),
  coords: z
    .object({
      latitude: finite.min(-90).max(90),
      longitude: finite.min(-180).max(180),
      accuracy: finite.optional(),
      speed: finite.optional(),
      heading: finite.optional(),
      altitude: finite.optional(),
    })
    .optional(),
  event: z.string().optional(),
  is_moving: z.boolean().optional(),
  odometer: finite.optional(),
  mock: z.boolean().optional(),
  activity: z.object({ type: z.string() }).partial().optional(),
  battery: z.object({ level: finite.optional(), is_charging: z.boolean().optional() }).optional(),
  extras: z.record(z.string(), z.unknown()).optional(),
});
const body = z.object({ device_id: z.string().min(1), location: z.union([location, z.array(location).min(1)]) });

/**
 * The JSON body the Traccar Client app (its background-geolocation library) posts, decoded as
 * Traccar's OsmAndProtocolDecoder.decodeJson does: `device_id` is the uniqueId; `location` (or a
 * list of them) carries an ISO `timestamp`, `coords` (latitude, longitude, accuracy, speed in m/s —
 * stored in knots —, heading, altitude), `event`, `is_moving` (→ `motion`), `odometer`, `mock`,
 * `activity.type` (→ `activity`), `battery.level` 0–1 (→ `batteryLevel` %) and `is_charging`
 * (→ `charge`), and free `extras`, copied as attributes. Without `coords` the fix is the device's
 * last one (./last-location.ts), dated by the server's clock: Traccar's decodeJson then calls
 * getLastLocation without the report's time.
 */
export function decodeOsmandJson(json: unknown): OsmandReport[] {
  const parsed = body.safeParse(json);
  if (!parsed.success) throw new OsmandRequestError(`invalid JSON report: ${parsed.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', ')}`);
  const locations = Array.isArray(parsed.data.location) ? parsed.data.location : [parsed.data.location];
  return locations.map((fix) => {
    const fixTime = new Date(fix.timestamp);
    if (Number.isNaN(fixTime.getTime())) throw new OsmandRequestError(`invalid timestamp ${fix.timestamp}`);
    const attributes: Record<string, unknown> = { ...fix.extras };
    if (fix.event !== undefined) attributes.event = fix.event;
    if (fix.is_moving !== undefined) attributes.motion = fix.is_moving;
    if (fix.odometer !== undefined) attributes.odometer = Math.trunc(fix.odometer);
    if (fix.mock !== undefined) attributes.mock = fix.mock;
    if (fix.activity?.type !== undefined) attributes.activity = fix.activity.type;
    if (fix.battery?.level !== undefined) attributes.batteryLevel = Math.trunc(fix.battery.level * 100);
    if (fix.battery?.is_charging !== undefined) attributes.charge = fix.battery.is_charging;
    const coords = fix.coords;
    return {
      uniqueId: parsed.data.device_id,
      fixTime: coords ? fixTime : null,
      valid: coords !== undefined,
      latitude: coords?.latitude ?? null,
      longitude: coords?.longitude ?? null,
      altitude: coords?.altitude ?? 0,
      speed: Math.max(0, coords?.speed ?? 0) * KNOTS_PER_MPS,
      course: Math.max(0, coords?.heading ?? 0),
      accuracy: Math.max(0, coords?.accuracy ?? 0),
      attributes,
    };
  });
}
