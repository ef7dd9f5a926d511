import type { PositionRecord } from '../entities/position';
import { xmlText } from './xml-text';

/**
 * The route export files of Traccar's PositionResource (its CsvExportProvider, GpxExportProvider
 * and KmlExportProvider): one device's positions, oldest first. Pure text builders.
 */


/** Traccar's `%f`: six decimals. */
const decimal = (value: number) => value.toFixed(6);

const isoTime = (date: Date) => date.toISOString();

/** A CSV field: quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_FIELDS: ReadonlyArray<[string, (position: PositionRecord) => unknown]> = [
  ['id', (position) => position.id],
  ['deviceId', (position) => position.deviceId],
  ['protocol', (position) => position.protocol],
  ['serverTime', (position) => isoTime(position.serverTime)],
  ['deviceTime', (position) => isoTime(position.deviceTime)],
  ['fixTime', (position) => isoTime(position.fixTime)],
  ['valid', (position) => position.valid],
  ['latitude', (position) => position.latitude],
  ['longitude', (position) => position.longitude],
  ['altitude', (position) => position.altitude],
  ['speed', (position) => position.speed],
  ['course', (position) => position.course],
  ['address', (position) => position.address],
  ['accuracy', (position) => position.accuracy],
];

/** A header of the position fields and then every attribute key met, a row per position. */
export function positionsCsv(positions: readonly PositionRecord[]): string {
  const attributeKeys = [...new Set(positions.flatMap((position) => Object.keys(position.attributes)))];
  const header = [...CSV_FIELDS.map(([name]) => name), ...attributeKeys];
  const rows = positions.map((position) => [
    ...CSV_FIELDS.map(([, read]) => csvField(read(position))),
    ...attributeKeys.map((key) => csvField(position.attributes[key])),
  ]);
  return [header.map(csvField), ...rows].map((row) => `${row.join(',')}\r\n`).join('');
}

/** GPX 1.0: one track named after the device, a point per fix with elevation and time. */
export function positionsGpx(deviceName: string, positions: readonly PositionRecord[]): string {
  const points = positions
    .map((position) => `<trkpt lat="${decimal(position.latitude)}" lon="${decimal(position.longitude)}"><ele>${position.altitude}</ele><time>${isoTime(position.fixTime)}</time></trkpt>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.0"><trk><name>${xmlText(deviceName)}</name><trkseg>${points}</trkseg></trk></gpx>`;
}

/** KML 2.2: a document named after the device with one line through every fix (lon,lat,alt). */
export function positionsKml(deviceName: string, from: Date, to: Date, positions: readonly PositionRecord[]): string {
  const coordinates = positions.map((position) => `${decimal(position.longitude)},${decimal(position.latitude)},${decimal(position.altitude)}`).join(' ');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>${xmlText(deviceName)}</name><Placemark><name>${isoTime(from)} - ${isoTime(to)}</name>` +
    '<LineString><extrude>1</extrude><tessellate>1</tessellate><altitudeMode>absolute</altitudeMode>' +
    `<coordinates>${coordinates}</coordinates></LineString></Placemark></Document></kml>`
  );
}
