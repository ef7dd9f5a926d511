import type { EventRecord } from '../entities/event';
import type { RouteFix } from '../entities/position';
import { knotsToKmh } from '../simulator/geo';
import type { BaseReportItem, StopReportItem, SummaryReportItem, TripReportItem } from './report-items';
import { DATE_FORMAT, DURATION_FORMAT, msToDays, type Column } from './spreadsheet';

/** The spreadsheet columns of each report, in the units a person reads: km, km/h, h:mm:ss. */

const KM = '0.00';
const SPEED = '0.0';
const km = (metres: number) => metres / 1000;

/** A stored row (position or event) with the name of its device, for the sheets. */
export interface Named<T> {
  deviceName: string;
  item: T;
}

const device = { header: 'Device', value: (row: { deviceName: string }) => row.deviceName, width: 24 };

function timeColumn<Row>(header: string, value: (row: Row) => Date): Column<Row> {
  return { header, value, format: DATE_FORMAT, width: 20 };
}

const distance: Column<BaseReportItem> = { header: 'Distance (km)', value: (row) => km(row.distance), format: KM };
const speeds: Column<BaseReportItem>[] = [
  { header: 'Average speed (km/h)', value: (row) => knotsToKmh(row.averageSpeed), format: SPEED },
  { header: 'Maximum speed (km/h)', value: (row) => knotsToKmh(row.maxSpeed), format: SPEED },
];
const spentFuel: Column<BaseReportItem> = { header: 'Spent fuel', value: (row) => row.spentFuel };

export const SUMMARY_COLUMNS: Column<SummaryReportItem>[] = [
  device,
  timeColumn('Start', (row) => row.startTime),
  timeColumn('End', (row) => row.endTime),
  distance,
  { header: 'Start odometer (km)', value: (row) => km(row.startOdometer), format: KM },
  { header: 'End odometer (km)', value: (row) => km(row.endOdometer), format: KM },
  ...speeds,
  { header: 'Engine hours', value: (row) => msToDays(row.engineHours), format: DURATION_FORMAT },
  spentFuel,
];

export const TRIP_COLUMNS: Column<TripReportItem>[] = [
  device,
  timeColumn('Start', (row) => row.startTime),
  { header: 'Start address', value: (row) => row.startAddress ?? `${row.startLat}, ${row.startLon}`, width: 30 },
  { header: 'Start odometer (km)', value: (row) => km(row.startOdometer), format: KM },
  timeColumn('End', (row) => row.endTime),
  { header: 'End address', value: (row) => row.endAddress ?? `${row.endLat}, ${row.endLon}`, width: 30 },
  { header: 'End odometer (km)', value: (row) => km(row.endOdometer), format: KM },
  distance,
  { header: 'Duration', value: (row) => msToDays(row.duration), format: DURATION_FORMAT },
  ...speeds,
  spentFuel,
  { header: 'Driver', value: (row) => row.driverName ?? row.driverUniqueId },
];

export const STOP_COLUMNS: Column<StopReportItem>[] = [
  device,
  timeColumn('Start', (row) => row.startTime),
  timeColumn('End', (row) => row.endTime),
  { header: 'Address', value: (row) => row.address ?? `${row.latitude}, ${row.longitude}`, width: 30 },
  { header: 'Odometer (km)', value: (row) => km(row.startOdometer), format: KM },
  { header: 'Duration', value: (row) => msToDays(row.duration), format: DURATION_FORMAT },
  { header: 'Engine hours', value: (row) => msToDays(row.engineHours), format: DURATION_FORMAT },
  spentFuel,
];

export const ROUTE_COLUMNS: Column<Named<RouteFix>>[] = [
  device,
  timeColumn('Fix time', (row) => row.item.fixTime),
  { header: 'Latitude', value: (row) => row.item.latitude },
  { header: 'Longitude', value: (row) => row.item.longitude },
  { header: 'Speed (km/h)', value: (row) => knotsToKmh(row.item.speed), format: SPEED },
  { header: 'Course', value: (row) => row.item.course },
  { header: 'Altitude (m)', value: (row) => row.item.altitude },
  { header: 'Address', value: (row) => row.item.address, width: 30 },
];

export const EVENT_COLUMNS: Column<Named<EventRecord>>[] = [
  device,
  timeColumn('Time', (row) => row.item.eventTime),
  { header: 'Type', value: (row) => row.item.type, width: 20 },
  { header: 'Alarm', value: (row) => (typeof row.item.attributes.alarm === 'string' ? row.item.attributes.alarm : null) },
  { header: 'Geofence', value: (row) => row.item.geofenceId || null },
  { header: 'Maintenance', value: (row) => row.item.maintenanceId || null },
];
