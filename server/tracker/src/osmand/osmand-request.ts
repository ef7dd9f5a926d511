import type { PositionNetwork } from '../entities/position';
import { OsmandRequestError } from './osmand-errors';
import { decodeNetwork } from './osmand-network';

/**
 * Decodes one OsmAnd request (what the Traccar Client app and OsmAnd send) the way Traccar's
 * OsmAndProtocolDecoder does: known keys become position fields, any other key an attribute.
 */
export interface OsmandReport {
  uniqueId: string;
  fixTime: Date | null;
  valid: boolean;
  /** Both null when the report lacks either: the fix is then the device's last one (./last-location.ts). */
  latitude: number | null;
  longitude: number | null;
  altitude: number;
  /** Knots: OsmAnd sends them as Traccar stores them. */
  speed: number;
  course: number;
  accuracy: number;
  /** Cell towers and Wi-Fi access points (`cell`, `wifi`), null when none were sent. */
  network?: PositionNetwork | null;
  attributes: Record<string, unknown>;
}

export type OsmandParameters = Record<string, string | readonly string[] | undefined>;


/** Keys that fill position fields (or are renamed), not copied as attributes. */
const FIELD_KEYS = new Set(['id', 'deviceid', 'lat', 'lon', 'location', 'timestamp', 'speed', 'bearing', 'heading', 'altitude', 'accuracy', 'valid', 'batt', 'hdop', 'cell', 'wifi']);
// Traccar's cut-off: a numeric timestamp below Integer.MAX_VALUE is in seconds, above it in milliseconds.
const LARGEST_SECONDS_TIMESTAMP = 2_147_483_647;
// Traccar also accepts "yyyy-MM-dd HH:mm:ss" (read here as UTC).
const SPACED_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

export function decodeOsmandRequest(parameters: OsmandParameters): OsmandReport {
  const value = (key: string): string | undefined => {
    const raw = parameters[key];
    return typeof raw === 'string' ? raw : raw?.[0];
  };
  // `cell` and `wifi` may repeat: one tower or access point each.
  const values = (key: string): readonly string[] => {
    const raw = parameters[key];
    return typeof raw === 'string' ? [raw] : (raw ?? []);
  };
  const uniqueId = value('id') ?? value('deviceid');
  if (!uniqueId) throw new OsmandRequestError('missing device id');

  const coordinates = coordinatesOf(value('lat'), value('lon'), value('location'));

  const attributes: Record<string, unknown> = {};
  const batteryLevel = optionalNumber(value('batt'), 'batt');
  if (batteryLevel !== undefined) attributes.batteryLevel = batteryLevel;
  const hdop = optionalNumber(value('hdop'), 'hdop');
  if (hdop !== undefined) attributes.hdop = hdop;
  for (const key of Object.keys(parameters)) {
    const raw = value(key);
    if (FIELD_KEYS.has(key) || raw === undefined) continue;
    // A driver's id is a name, even when it happens to be all digits.
    attributes[key] = key === 'driverUniqueId' ? raw : attributeValue(raw);
  }

  const valid = value('valid');
  return {
    uniqueId,
    fixTime: parseTimestamp(value('timestamp')),
    valid: valid === undefined || valid === 'true' || valid === '1',
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    altitude: optionalNumber(value('altitude'), 'altitude') ?? 0,
    speed: optionalNumber(value('speed'), 'speed') ?? 0,
    course: optionalNumber(value('bearing') ?? value('heading'), 'bearing') ?? 0,
    accuracy: optionalNumber(value('accuracy'), 'accuracy') ?? 0,
    network: decodeNetwork(values('cell'), values('wifi')),
    attributes,
  };
}

/** `lat` and `lon`, or `location=lat,lon`; null unless both are there, as Traccar then takes the last location. */
function coordinatesOf(lat: string | undefined, lon: string | undefined, location: string | undefined): { latitude: number; longitude: number } | null {
  let latitude = optionalNumber(lat, 'lat');
  let longitude = optionalNumber(lon, 'lon');
  if (location) {
    const [first, second] = location.split(',');
    if (second === undefined) throw new OsmandRequestError(`invalid location ${location}`);
    latitude = optionalNumber(first, 'location');
    longitude = optionalNumber(second, 'location');
  }
  if (latitude === undefined || longitude === undefined) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new OsmandRequestError(`invalid coordinates ${latitude},${longitude}`);
  return { latitude, longitude };
}

/** Unix seconds, Unix milliseconds or an ISO date; null when absent (the server's clock is used). */
export function parseTimestamp(raw: string | undefined): Date | null {
  if (raw === undefined || raw === '') return null;
  let date: Date;
  if (/^\d+$/.test(raw)) {
    const number = Number(raw);
    date = new Date(number <= LARGEST_SECONDS_TIMESTAMP ? number * 1000 : number);
  } else {
    const spaced = SPACED_DATE_TIME.exec(raw);
    date = new Date(spaced ? `${spaced[1]}T${spaced[2]}Z` : raw);
  }
  if (Number.isNaN(date.getTime())) throw new OsmandRequestError(`invalid timestamp ${raw}`);
  return date;
}

function optionalNumber(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const number = Number(raw);
  if (!Number.isFinite(number)) throw new OsmandRequestError(`invalid ${name}: ${raw}`);
  return number;
}

/** As Traccar: a number when it parses as one, a boolean for true/false, the text otherwise. */
function attributeValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const number = Number(raw);
  return raw.trim() !== '' && Number.isFinite(number) ? number : raw;
}
