import { eventName, positionSchema } from '@rastro/shared';
import type { HttpClient, Position, RouteDisplay, TrackingEvent } from '@rastro/shared';
import { z } from 'zod';
import { trackingApi, trackingHttp } from '../api/reportsApi';
import { routeMarkChoice, routeWithMarks } from './routeMarks';
import { altitudeValue, formatAltitude, formatDecimal, formatDistance, formatDuration, formatSpeed, formatTime, speedValue } from '../units/userUnits';
import type { UnitSettings } from '../units/userUnits';
import { rowArray } from '../rows/rowList';
import type { RowList } from '../rows/rowList';
import { RouteRows } from '../rows/routeColumns';
import { rowSchemas } from '../rows/rowSchemas';
import type { StopRow, SummaryRow, TripRow } from '../rows/rowSchemas';
import type { ReportKind } from './reportKinds';

export type { StopRow, SummaryRow, TripRow };

/** What a cell needs besides its row: the user's units and names the row only has ids for. */
export interface CellContext {
  units: UnitSettings;
  deviceName(deviceId: number): string;
  geofenceName(geofenceId: number): string;
}

/** One column: its header (a key under reportScreens.columns) and the text of its cell. */
export interface ReportColumn<Row> {
  key: string;
  cell(row: Row, context: CellContext): string;
}

/**
 * A report, described once: where its rows come from, what they look like, its columns and what
 * choosing a row (or "show on map") draws on the map. One generic screen renders them all.
 */
export interface ReportDefinition<Row> {
  kind: ReportKind;
  /** Under /api/reports. */
  path: string;
  /** Its rows' schema: rowSchemas[kind], which the rows worker checks the answer against. */
  row: z.ZodType<Row>;
  columns: ReadonlyArray<ReportColumn<Row>>;
  rowKey(row: Row, index: number): string;
  /** SPEC §7: asked page by page (trips). */
  paged?: boolean;
  /** The filter parts this report reads besides devices and period. */
  uses?: { eventTypes?: boolean; daily?: boolean };
  /** What choosing one row draws on the map. */
  choose?(row: Row, http: HttpClient): Promise<RouteDisplay | null>;
  /**
   * What "show on map" draws for every row. `drawFirst`, when given, gets at once what can be drawn
   * before the rest is asked (a route's line, before its stops and events).
   */
  display?(rows: RowList<Row>, drawFirst?: (display: RouteDisplay) => void): Promise<RouteDisplay | null>;
}

const place = (latitude: number, longitude: number) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
const when = (iso: string | null | undefined, { units }: CellContext) => (iso ? formatTime(iso, units) : '');
const distance = <Row extends { distance: number }>(): ReportColumn<Row> => ({ key: 'distance', cell: (row, { units }) => formatDistance(row.distance, units) });
const speeds = <Row extends { averageSpeed: number; maxSpeed: number }>(): ReportColumn<Row>[] => [
  { key: 'averageSpeed', cell: (row, { units }) => formatSpeed(row.averageSpeed, units) },
  { key: 'maxSpeed', cell: (row, { units }) => formatSpeed(row.maxSpeed, units) },
];
const deviceColumn = <Row extends { deviceId: number; deviceName?: string }>(): ReportColumn<Row> => ({
  key: 'device',
  cell: (row, context) => row.deviceName || context.deviceName(row.deviceId),
});

/** A place with no fix of its own as the map takes it: a position at that instant. */
function pointAt(deviceId: number, id: number, latitude: number, longitude: number, at: string | null | undefined): Position {
  return { id, deviceId, latitude, longitude, fixTime: at, deviceTime: at, serverTime: at, speed: 0, course: 0, attributes: {} };
}
const byTime = (a: Position, b: Position) => Date.parse(a.fixTime ?? '') - Date.parse(b.fixTime ?? '');

/** The fixes of one device between two instants: the route report (TRACCAR.md). */
async function routeBetween(http: HttpClient, deviceId: number, from: string, to: string): Promise<Position[]> {
  return z.array(positionSchema).parse(await http.json('/reports/route', { query: { deviceId, from, to } }));
}

export const summaryReport: ReportDefinition<SummaryRow> = {
  kind: 'summary',
  path: 'summary',
  row: rowSchemas.summary,
  uses: { daily: true },
  rowKey: (row, index) => `${row.deviceId}-${row.startTime ?? index}`,
  columns: [
    deviceColumn(),
    { key: 'start', cell: (row, context) => when(row.startTime, context) },
    distance(),
    ...speeds<SummaryRow>(),
    { key: 'engineHours', cell: (row) => formatDuration(row.engineHours) },
    { key: 'spentFuel', cell: (row, { units }) => formatDecimal(row.spentFuel, units) },
    { key: 'startOdometer', cell: (row, { units }) => formatDistance(row.startOdometer, units) },
    { key: 'endOdometer', cell: (row, { units }) => formatDistance(row.endOdometer, units) },
  ],
};

export const tripsReport: ReportDefinition<TripRow> = {
  kind: 'trips',
  path: 'trips',
  row: rowSchemas.trips,
  paged: true,
  rowKey: (row) => `${row.deviceId}-${row.startPositionId}-${row.startTime ?? ''}`,
  columns: [
    deviceColumn(),
    { key: 'start', cell: (row, context) => when(row.startTime, context) },
    { key: 'startAddress', cell: (row) => row.startAddress || place(row.startLat, row.startLon) },
    { key: 'end', cell: (row, context) => when(row.endTime, context) },
    { key: 'endAddress', cell: (row) => row.endAddress || place(row.endLat, row.endLon) },
    distance(),
    { key: 'duration', cell: (row) => formatDuration(row.duration) },
    ...speeds<TripRow>(),
    { key: 'driver', cell: (row) => row.driverName },
  ],
  choose: async (row, http) => {
    if (!row.startTime || !row.endTime) return null;
    const positions = await routeBetween(http, row.deviceId, row.startTime, row.endTime);
    return positions.length > 0 ? routeWithMarks(http, positions) : null;
  },
};

export const stopsReport: ReportDefinition<StopRow> = {
  kind: 'stops',
  path: 'stops',
  row: rowSchemas.stops,
  rowKey: (row) => `${row.deviceId}-${row.positionId}-${row.startTime ?? ''}`,
  columns: [
    deviceColumn(),
    { key: 'start', cell: (row, context) => when(row.startTime, context) },
    { key: 'address', cell: (row) => row.address || place(row.latitude, row.longitude) },
    { key: 'duration', cell: (row) => formatDuration(row.duration) },
    { key: 'engineHours', cell: (row) => formatDuration(row.engineHours) },
  ],
  choose: async (row) => stopsDisplay([row]),
  display: async (rows) => stopsDisplay(rowArray(rows)),
};

function stopsDisplay(rows: StopRow[]): RouteDisplay | null {
  if (rows.length === 0) return null;
  return {
    positions: rows.map((row) => pointAt(row.deviceId, row.positionId, row.latitude, row.longitude, row.startTime)).sort(byTime),
    stops: rows.map((row) => ({ latitude: row.latitude, longitude: row.longitude, label: row.address || undefined })),
  };
}

const alarmOf = (event: TrackingEvent) => (typeof event.attributes.alarm === 'string' ? event.attributes.alarm : undefined);

export const eventsReport: ReportDefinition<TrackingEvent> = {
  kind: 'events',
  path: 'events',
  row: rowSchemas.events,
  uses: { eventTypes: true },
  rowKey: (row) => String(row.id),
  columns: [
    { key: 'time', cell: (row, context) => when(row.eventTime, context) },
    deviceColumn(),
    { key: 'type', cell: (row) => eventName(row.type, alarmOf(row)) },
    { key: 'geofence', cell: (row, context) => (row.geofenceId ? context.geofenceName(row.geofenceId) : '') },
    { key: 'result', cell: (row) => (typeof row.attributes.result === 'string' ? row.attributes.result : '') },
  ],
  choose: (row) => eventsDisplay([row]),
  display: (rows) => eventsDisplay(rowArray(rows)),
};

/** Events carry only their position's id: their places come from the positions (batched, SPEC §9). */
async function eventsDisplay(rows: TrackingEvent[]): Promise<RouteDisplay | null> {
  const ids = [...new Set(rows.map((row) => row.positionId ?? 0).filter((id) => id > 0))];
  if (ids.length === 0) return null;
  const positions = new Map((await trackingApi.positions.byIds(ids)).map((position) => [position.id, position]));
  const placed = rows.flatMap((row) => {
    const position = positions.get(row.positionId ?? 0);
    return position ? [{ position, event: { latitude: position.latitude, longitude: position.longitude, type: row.type, alarm: alarmOf(row) } }] : [];
  });
  if (placed.length === 0) return null;
  return { positions: [...new Set(placed.map(({ position }) => position))].sort(byTime), events: placed.map(({ event }) => event) };
}

export const routeReport: ReportDefinition<Position> = {
  kind: 'route',
  path: 'route',
  row: rowSchemas.route,
  rowKey: (row) => String(row.id),
  columns: [
    deviceColumn(),
    { key: 'time', cell: (row, context) => when(row.fixTime, context) },
    { key: 'latitude', cell: (row) => row.latitude.toFixed(6) },
    { key: 'longitude', cell: (row) => row.longitude.toFixed(6) },
    { key: 'speed', cell: (row, { units }) => formatSpeed(row.speed, units) },
    { key: 'altitude', cell: (row, { units }) => formatAltitude(row.altitude ?? 0, units) },
    { key: 'address', cell: (row) => row.address ?? '' },
  ],
  display: async (rows, drawFirst) => {
    if (rows.length === 0) return null;
    const route = routeRowsOf(rows);
    // The map gets the route's display fixes (a long one simplified), made a slice per task; events
    // are placed at any fix; the spans asked for marks come from the whole route's columns.
    return routeWithMarks(trackingHttp, await route.displayedInSlices(), routeMarkChoice(), (id) => route.placeOf(id), drawFirst, route.spans());
  },
};

/** A route report's rows as columns: as read (RouteRows), or rows in hand put into columns. */
export function routeRowsOf(rows: RowList<Position>): RouteRows {
  return rows instanceof RouteRows ? rows : RouteRows.of(rowArray(rows));
}

type FixRange = { start: number; end: number };

/**
 * The numbers a route chart can draw for the fixes [start, end) of a route: speed, altitude, then
 * any attribute that is a number in one of those fixes (fuel, battery…).
 */
export function chartKeys(route: RouteRows, { start, end }: FixRange): string[] {
  const { numbers } = route.columns;
  // A plain loop to the first number: `.some` called back once per fix, for every attribute a
  // month's route holds (most absent from most fixes), a long task's worth on the page's thread.
  const has = (column: Float64Array) => {
    for (let index = start; index < end; index += 1) if (!Number.isNaN(column[index] as number)) return true;
    return false;
  };
  const present = Object.keys(numbers).filter((key) => has(numbers[key]!));
  return ['speed', 'altitude', ...present.sort()];
}

/**
 * One chart series over the fixes [start, end), in the user's units (null where a fix has no such
 * attribute). Read from the columns, and only the series shown: a month is a quarter of a million values.
 */
export function chartValues(route: RouteRows, { start, end }: FixRange, key: string, units: UnitSettings): Float64Array | Array<number | null> {
  const { columns } = route;
  if (key === 'speed') return Float64Array.from(columns.speed.subarray(start, end), (value) => speedValue(value, units));
  if (key === 'altitude') return Float64Array.from(columns.altitude.subarray(start, end), (value) => altitudeValue(Number.isNaN(value) ? 0 : value, units));
  const column = columns.numbers[key];
  return column ? Array.from(column.subarray(start, end), (value) => (Number.isNaN(value) ? null : value)) : [];
}

/** Points a chart series keeps at most: two per pixel column of a wide chart (min and max). */
export const CHART_POINTS = 4_000;

/**
 * One chart series over the fixes [start, end) as the chart draws it: its times (epoch seconds) and
 * values in the user's units (as chartValues), a long run cut into buckets each keeping its lowest and
 * highest value in time order, so peaks stay while a month's quarter of a million fixes become a few
 * thousand points (uPlot over every fix held the page's thread for a long task). The buckets are read
 * from the raw column (the units' conversions keep order) and only the points kept are converted.
 */
export function chartSeries(route: RouteRows, { start, end }: FixRange, key: string, units: UnitSettings, points = CHART_POINTS): { times: Float64Array; values: Array<number | null> } {
  const { columns } = route;
  const raw = key === 'speed' ? columns.speed : key === 'altitude' ? columns.altitude : columns.numbers[key];
  if (!raw) return { times: new Float64Array(0), values: [] };
  // A missing altitude is drawn at 0 (as the table shows it); a missing attribute is a gap.
  const read = (index: number) => {
    const value = raw[index] as number;
    return key === 'altitude' && Number.isNaN(value) ? 0 : value;
  };
  const convert = (value: number) => (key === 'speed' ? speedValue(value, units) : key === 'altitude' ? altitudeValue(value, units) : value);
  const count = end - start;
  const kept: number[] = [];
  if (count <= points) for (let index = start; index < end; index += 1) kept.push(index);
  else {
    const size = Math.ceil(count / Math.floor(points / 2));
    for (let first = start; first < end; first += size) {
      let low = -1;
      let high = -1;
      const last = Math.min(end, first + size);
      for (let index = first; index < last; index += 1) {
        const value = read(index);
        if (Number.isNaN(value)) continue;
        if (low === -1 || value < read(low)) low = index;
        if (high === -1 || value > read(high)) high = index;
      }
      // A bucket with no value leaves a gap, as the whole series would.
      if (low === -1) kept.push(first);
      else if (low === high) kept.push(low);
      else kept.push(Math.min(low, high), Math.max(low, high));
    }
  }
  return {
    times: Float64Array.from(kept, (index) => (columns.time[index] as number) / 1000),
    values: kept.map((index) => {
      const value = read(index);
      return Number.isNaN(value) ? null : convert(value);
    }),
  };
}
