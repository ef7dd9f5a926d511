import { DRIVER } from '../entities/entity-kinds';
import { eventToJson, type EventRecord } from '../entities/event';
import { positionToJson, type PositionRecord, type RouteFix } from '../entities/position';
import { queryBoolean, queryStrings } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { HISTORY_LIMIT } from '../db/positions-repository';
import { feedTrack } from './device-tracks';
import { EVENT_COLUMNS, ROUTE_COLUMNS, STOP_COLUMNS, SUMMARY_COLUMNS, TRIP_COLUMNS, type Named } from './report-columns';
import { stopItem, tripItem, type DriverNames, type StopReportItem, type SummaryReportItem, type TripReportItem } from './report-items';
import { reportItemToJson } from './report-json';
import type { ReportScope } from './report-scope';
import type { Column } from './spreadsheet';
import { summarizeDevice, summaryPeriods } from './summary';
import { TripsAndStopsDetector, type MotionInterval } from './trips-and-stops';
import { tripsConfigsFor } from './device-settings';

/**
 * The header Rastro's tracker sets (`true`) on a route cut at its limit, so the page can say the
 * period holds more; Traccar cuts silently and clients must not need it.
 */
export const ROUTE_TRUNCATED_HEADER = 'x-rastro-truncated';

/** One report: its rows for a scope, their JSON and their spreadsheet columns. */
export interface ReportKind<Row extends SheetRow, SheetRow = Row> {
  path: string;
  sheetName: string;
  columns: readonly Column<SheetRow>[];
  /**
   * Its rows, in order. Given `enough` (the end of the page asked for), a report may stop once it
   * has that many: the trips helper's first page of 25 then reads the first devices' tracks only.
   */
  rows(scope: ReportScope, enough?: number): Promise<Row[]>;
  /**
   * The same rows one at a time as they are read: the JSON is written as they come (a route's
   * month is never held whole).
   */
  each?(scope: ReportScope): AsyncIterable<Row>;
  /**
   * The spreadsheet's rows one at a time as they are read, with only what its columns show (a
   * route's month is never held whole); without it, the spreadsheet takes `rows`.
   */
  sheetRows?(scope: ReportScope): AsyncIterable<SheetRow>;
  /** Whether the rows stop short of the period's (a route cut at its limit), known before they are read. */
  truncated?(scope: ReportScope): Promise<boolean>;
  toJson(row: Row): unknown;
  /** Its JSON answer honours `page` (from 1) and `limit` when both are given (SPEC §7's trips helper). */
  paged?: boolean;
}

export type ReportContext = Pick<TrackerContext, 'positions' | 'events' | 'entities' | 'serverSettings'>;

/** The rows a report's spreadsheet is written from, read as it is written where the report can (route, summary). */
export async function spreadsheetRows<Row extends SheetRow, SheetRow>(report: ReportKind<Row, SheetRow>, scope: ReportScope): Promise<Iterable<SheetRow> | AsyncIterable<SheetRow>> {
  return report.sheetRows ? report.sheetRows(scope) : report.each ? report.each(scope) : report.rows(scope);
}

/**
 * Summary: one row per device (or per device and day with `daily=true`), first to last fix. Its JSON
 * is sent device by device as each is summed up: a month of a large fleet takes longer than a proxy
 * waits for an answer to begin.
 */
export function summaryReport({ positions }: ReportContext): ReportKind<SummaryReportItem> {
  async function* each({ devices, from, to, query }: ReportScope): AsyncGenerator<SummaryReportItem> {
    const periods = summaryPeriods(from, to, queryBoolean(query, 'daily'));
    for (const device of devices) yield* await summarizeDevice(device, periods, positions);
  }
  return {
    path: 'summary',
    sheetName: 'Summary',
    columns: SUMMARY_COLUMNS,
    toJson: reportItemToJson,
    each,
    async rows(scope) {
      const rows: SummaryReportItem[] = [];
      for await (const row of each(scope)) rows.push(row);
      return rows;
    },
  };
}

export function tripsReport(context: ReportContext): ReportKind<TripReportItem> {
  return {
    path: 'trips',
    sheetName: 'Trips',
    columns: TRIP_COLUMNS,
    toJson: reportItemToJson,
    paged: true,
    async rows(scope, enough) {
      const drivers: DriverNames = new Map((await context.entities.list(DRIVER)).map((driver) => [String(driver.uniqueId), String(driver.name)]));
      return perDevice(context, scope, 'trips', (device, trip) => tripItem(device, trip, drivers), enough);
    },
  };
}

export function stopsReport(context: ReportContext): ReportKind<StopReportItem> {
  return {
    path: 'stops',
    sheetName: 'Stops',
    columns: STOP_COLUMNS,
    toJson: reportItemToJson,
    rows: (scope) => perDevice(context, scope, 'stops', stopItem),
  };
}

/**
 * A route report's fixes per device. Traccar caps route and history at 50,000 fixes, silently
 * (TRACCAR.md), and so does this tracker by default: Rastro must read a real Traccar unchanged.
 * TRACKER_ROUTE_LIMIT raises it for an installation that wants a month at 10 s (259,200 fixes; the
 * reports bench sets it); the page reads the route in columns and draws it simplified (issue 18).
 * Past 400,000 a route's JSON nears the longest string V8 makes, so no setting goes beyond.
 */
export const TRACCAR_ROUTE_LIMIT = HISTORY_LIMIT;
const LONGEST_ROUTE = 400_000;

export function routeReportLimit(setting = process.env.TRACKER_ROUTE_LIMIT): number {
  const limit = Number(setting);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, LONGEST_ROUTE) : TRACCAR_ROUTE_LIMIT;
}

/**
 * Route: every device's positions in the period, oldest first, up to routeReportLimit() each; its
 * spreadsheet reads only the fields it shows. Whether a device has more is counted first (up to the
 * limit and one), so the answer's header can say so before its rows are sent.
 */
export function routeReport({ positions }: Pick<ReportContext, 'positions'>, limit = routeReportLimit()): ReportKind<Named<PositionRecord>, Named<RouteFix>> {
  async function* capped<Fix>(track: (deviceId: number, from: Date, to: Date) => AsyncIterable<Fix[]>, { devices, from, to }: ReportScope): AsyncGenerator<Named<Fix>> {
    for (const device of devices) {
      let left = limit;
      for await (const page of track(device.id, from, to)) {
        for (const item of page.slice(0, left)) yield { deviceName: device.name, item };
        left -= page.length;
        if (left <= 0) break;
      }
    }
  }
  return {
    path: 'route',
    sheetName: 'Route',
    columns: ROUTE_COLUMNS,
    toJson: (row) => positionToJson(row.item),
    each: (scope) => capped((deviceId, from, to) => positions.track(deviceId, from, to), scope),
    sheetRows: (scope) => capped((deviceId, from, to) => positions.routeFixes(deviceId, from, to), scope),
    async truncated({ devices, from, to }) {
      for (const device of devices) if ((await positions.countUpTo(device.id, from, to, limit + 1)) > limit) return true;
      return false;
    },
    async rows(scope) {
      const rows: Named<PositionRecord>[] = [];
      for await (const row of capped((deviceId, from, to) => positions.track(deviceId, from, to), scope)) rows.push(row);
      return rows;
    },
  };
}

/**
 * Events: repeated (or comma-separated) `type`, none or `allEvents` meaning all. As in Traccar, an
 * event about a geofence or maintenance the caller does not reach is left out.
 */
export function eventsReport({ events, entities }: ReportContext): ReportKind<Named<EventRecord>> {
  return {
    path: 'events',
    sheetName: 'Events',
    columns: EVENT_COLUMNS,
    toJson: (row) => eventToJson(row.item),
    async rows({ user, devices, from, to, query }) {
      const types = queryStrings(query, 'type').flatMap((value) => value.split(',')).filter((type) => type !== '');
      const found = await events.between(
        devices.map((device) => device.id),
        from,
        to,
        types.includes('allEvents') ? [] : types,
      );
      const reached = new Map<string, Promise<boolean>>();
      const reaches = (kind: 'geofence' | 'maintenance', id: number) => {
        if (id === 0 || user.administrator) return Promise.resolve(true);
        const key = `${kind}:${id}`;
        if (!reached.has(key)) reached.set(key, entities.isReachable(kind, user.id, id));
        return reached.get(key) as Promise<boolean>;
      };
      const rows: Named<EventRecord>[] = [];
      // Traccar lists device by device, each oldest first.
      for (const device of devices) {
        for (const item of found) {
          if (item.deviceId !== device.id) continue;
          if ((await reaches('geofence', item.geofenceId)) && (await reaches('maintenance', item.maintenanceId))) rows.push({ deviceName: device.name, item });
        }
      }
      return rows;
    },
  };
}

/** Trips or stops of each device in turn, detected with its `report.trip.*` settings, until there are `enough`. */
async function perDevice<Row>(
  context: ReportContext,
  { devices, from, to }: ReportScope,
  kind: 'trips' | 'stops',
  toRow: (device: ReportScope['devices'][number], interval: MotionInterval) => Row,
  enough = Infinity,
): Promise<Row[]> {
  const { positions } = context;
  const tripsConfigOf = await tripsConfigsFor(context);
  const rows: Row[] = [];
  for (const device of devices) {
    const detector = new TripsAndStopsDetector(tripsConfigOf(device));
    await feedTrack(positions.track(device.id, from, to), detector);
    rows.push(...detector.result()[kind].map((interval) => toRow(device, interval)));
    if (rows.length >= enough) break;
  }
  return rows;
}
