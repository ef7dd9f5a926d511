import type { DeviceRecord } from '../entities/device';
import type { PositionRecord } from '../entities/position';
import { metresPerSecondToKnots } from '../simulator/geo';
import { distanceBetween, numberAttribute, odometersOf, type TrackPoint } from './track';
import type { MotionInterval } from './trips-and-stops';

/**
 * The rows of the summary, trips and stops reports, field for field as Traccar's report items
 * (BaseReportItem and its subclasses). Dates stay Dates here; ./report-json.ts formats them.
 */
export interface BaseReportItem {
  deviceId: number;
  deviceName: string;
  /** Metres. */
  distance: number;
  /** Knots. */
  averageSpeed: number;
  /** Knots. */
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: Date;
  endTime: Date;
}

export interface SummaryReportItem extends BaseReportItem {
  startHours: number;
  endHours: number;
  /** Milliseconds. */
  engineHours: number;
}

export interface TripReportItem extends BaseReportItem {
  startPositionId: number;
  startLat: number;
  startLon: number;
  startAddress: string | null;
  endPositionId: number;
  endLat: number;
  endLon: number;
  endAddress: string | null;
  /** Milliseconds. */
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface StopReportItem extends BaseReportItem {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  /** Milliseconds. */
  duration: number;
  /** Milliseconds. */
  engineHours: number;
}

export type ReportDevice = Pick<DeviceRecord, 'id' | 'name' | 'attributes'>;

/** Driver names by driver uniqueId (Traccar looks any driver up, whoever it belongs to). */
export type DriverNames = ReadonlyMap<string, string>;

export function tripItem(device: ReportDevice, trip: MotionInterval, driverNames: DriverNames): TripReportItem {
  const start = trip.start.position;
  const end = trip.end.position;
  const distance = distanceBetween(trip.start, trip.end);
  const duration = durationOf(start, end);
  const driverUniqueId = driverOf(start, end);
  return {
    ...commonFields(device, trip.start, trip.end),
    distance,
    averageSpeed: duration > 0 ? metresPerSecondToKnots((distance * 1000) / duration) : 0,
    maxSpeed: trip.maxSpeed,
    startPositionId: start.id,
    startLat: start.latitude,
    startLon: start.longitude,
    startAddress: start.address,
    endPositionId: end.id,
    endLat: end.latitude,
    endLon: end.longitude,
    endAddress: end.address,
    duration,
    driverUniqueId,
    driverName: driverUniqueId === null ? null : (driverNames.get(driverUniqueId) ?? null),
  };
}

export function stopItem(device: ReportDevice, stop: MotionInterval): StopReportItem {
  const start = stop.start.position;
  const end = stop.end.position;
  const startHours = numberAttribute(start, 'hours');
  const endHours = numberAttribute(end, 'hours');
  return {
    ...commonFields(device, stop.start, stop.end),
    // Traccar leaves distance and speeds of a stop at zero.
    distance: 0,
    averageSpeed: 0,
    maxSpeed: 0,
    positionId: start.id,
    latitude: start.latitude,
    longitude: start.longitude,
    address: start.address,
    duration: durationOf(start, end),
    engineHours: startHours !== undefined && endHours !== undefined ? endHours - startHours : 0,
  };
}

/** One summary row from the first and last positions of a period and its highest speed. */
export function summaryItem(device: ReportDevice, first: TrackPoint, last: TrackPoint, maxSpeed: number): SummaryReportItem {
  const distance = distanceBetween(first, last);
  const startHours = numberAttribute(first.position, 'hours');
  const endHours = numberAttribute(last.position, 'hours');
  const hoursKnown = startHours !== undefined && endHours !== undefined;
  const engineHours = hoursKnown ? endHours - startHours : 0;
  return {
    ...commonFields(device, first, last),
    distance,
    // Traccar averages over engine hours, so a device without them reports 0.
    averageSpeed: engineHours > 0 ? metresPerSecondToKnots((distance * 1000) / engineHours) : 0,
    maxSpeed,
    startHours: hoursKnown ? startHours : 0,
    endHours: hoursKnown ? endHours : 0,
    engineHours,
  };
}

function commonFields(device: ReportDevice, start: TrackPoint, end: TrackPoint) {
  const odometers = odometersOf(start.position, end.position);
  return {
    deviceId: device.id,
    deviceName: device.name,
    spentFuel: spentFuel(start.position, end.position, device),
    startOdometer: odometers.start,
    endOdometer: odometers.end,
    startTime: start.position.fixTime,
    endTime: end.position.fixTime,
  };
}

function durationOf(start: PositionRecord, end: PositionRecord): number {
  return end.fixTime.getTime() - start.fixTime.getTime();
}

/** Traccar's ReportUtils.calculateFuel: fuel used, else fuel, else fuel level × the device's capacity. */
export function spentFuel(first: PositionRecord, last: PositionRecord, device: ReportDevice): number {
  const used = [numberAttribute(first, 'fuelUsed'), numberAttribute(last, 'fuelUsed')];
  if (used[0] !== undefined && used[1] !== undefined) return used[1] - used[0];
  const fuel = [numberAttribute(first, 'fuel'), numberAttribute(last, 'fuel')];
  if (fuel[0] !== undefined && fuel[1] !== undefined) return fuel[0] - fuel[1];
  const level = [numberAttribute(first, 'fuelLevel'), numberAttribute(last, 'fuelLevel')];
  const capacity = device.attributes.fuelCapacity;
  if (level[0] !== undefined && level[1] !== undefined && typeof capacity === 'number') return ((level[0] - level[1]) / 100) * capacity;
  return 0;
}

function driverOf(first: PositionRecord, last: PositionRecord): string | null {
  for (const position of [first, last]) {
    const value = position.attributes.driverUniqueId;
    if (value !== undefined && value !== null) return String(value);
  }
  return null;
}
