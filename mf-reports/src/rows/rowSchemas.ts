import { eventSchema, positionSchema } from '@rastro/shared/contract';
import type { Position, TrackingEvent } from '@rastro/shared/contract';
import { z } from 'zod';
import type { ReportKind } from '../reports/reportKinds';

// What each report's rows look like, and nothing else: the rows worker (rows.worker.ts) imports this
// module, so it reaches only zod and shared's server-safe contract, never the browser half of shared.

const time = z.string().nullable().optional();
const figure = z.number().nullable().optional().transform((value) => value ?? 0);
const text = z.string().nullable().optional().transform((value) => value ?? '');

const baseRow = {
  deviceId: z.number(),
  deviceName: text,
  distance: figure,
  averageSpeed: figure,
  maxSpeed: figure,
  spentFuel: figure,
  startOdometer: figure,
  endOdometer: figure,
  startTime: time,
  endTime: time,
};
export const summaryRow = z.object({ ...baseRow, engineHours: figure });
export const tripRow = z.object({
  ...baseRow,
  startPositionId: figure,
  startLat: figure,
  startLon: figure,
  startAddress: text,
  endPositionId: figure,
  endLat: figure,
  endLon: figure,
  endAddress: text,
  duration: figure,
  driverName: text,
});
export const stopRow = z.object({ ...baseRow, positionId: figure, latitude: figure, longitude: figure, address: text, duration: figure, engineHours: figure });
export type SummaryRow = z.infer<typeof summaryRow>;
export type TripRow = z.infer<typeof tripRow>;
export type StopRow = z.infer<typeof stopRow>;

const { id, deviceId, fixTime, latitude, longitude, altitude, speed, course, address, attributes } = positionSchema.shape;
/**
 * What a route's columns keep of each fix (rows/routeColumns.ts), checked as positionSchema checks it;
 * the other fields of a month of fixes are neither checked nor copied.
 */
export const routeFix = z.object({ id, deviceId, fixTime, latitude, longitude, altitude, speed, course, address, attributes });
export type RouteFix = z.infer<typeof routeFix>;

export interface RowsByKind {
  summary: SummaryRow;
  trips: TripRow;
  stops: StopRow;
  events: TrackingEvent;
  route: Position;
}

/** Each report's row schema; a report's definition takes its `row` from here. */
export const rowSchemas: { [Kind in ReportKind]: z.ZodType<RowsByKind[Kind]> } = {
  summary: summaryRow,
  trips: tripRow,
  stops: stopRow,
  events: eventSchema,
  route: positionSchema,
};
