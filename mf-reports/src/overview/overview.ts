import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { dayIn } from '../filter/period';
import type { PeriodRange } from '../filter/period';
import type { StopRow, SummaryRow, TripRow } from '../reports/definitions';

dayjs.extend(utc);

/** The fleet overview's figures (issue 18): each a total and its value per day of the period. */
export const overviewFigures = ['distance', 'driving', 'idle', 'stops', 'overspeed'] as const;
export type OverviewFigure = (typeof overviewFigures)[number];

export interface FigureSeries {
  total: number;
  perDay: number[];
}

export interface OverviewAnswers {
  summary?: SummaryRow[];
  trips?: TripRow[];
  stops?: StopRow[];
  /** Overspeed events' times. */
  overspeed?: Array<{ eventTime?: string | null }>;
}

/** Every calendar day of a range, first to last. */
export function daysOf(range: Pick<PeriodRange, 'firstDay' | 'lastDay'>): string[] {
  const days: string[] = [];
  for (let day = dayjs.utc(range.firstDay); day.format('YYYY-MM-DD') <= range.lastDay; day = day.add(1, 'day')) days.push(day.format('YYYY-MM-DD'));
  return days;
}

/**
 * Adds each row's amount to the day it started on in the user's zone. A figure whose report the
 * user may not open (or that failed) is left out rather than shown as zero.
 */
function perDay<Row>(rows: Row[] | undefined, days: string[], timeZone: string, time: (row: Row) => string | null | undefined, amount: (row: Row) => number): FigureSeries | undefined {
  if (!rows) return undefined;
  const index = new Map(days.map((day, position) => [day, position]));
  const values = days.map(() => 0);
  let total = 0;
  for (const row of rows) {
    const value = amount(row);
    total += value;
    const at = time(row);
    const position = at ? index.get(dayIn(timeZone, Date.parse(at))) : undefined;
    if (position !== undefined) values[position] = (values[position] ?? 0) + value;
  }
  return { total, perDay: values };
}

export function fleetOverview(answers: OverviewAnswers, range: PeriodRange, timeZone: string): Partial<Record<OverviewFigure, FigureSeries>> {
  const days = daysOf(range);
  const figures: Partial<Record<OverviewFigure, FigureSeries | undefined>> = {
    distance: perDay(answers.summary, days, timeZone, (row) => row.startTime, (row) => row.distance),
    driving: perDay(answers.trips, days, timeZone, (row) => row.startTime, (row) => row.duration),
    // Idle: the engine running while the vehicle stood still.
    idle: perDay(answers.stops, days, timeZone, (row) => row.startTime, (row) => row.engineHours),
    stops: perDay(answers.stops, days, timeZone, (row) => row.startTime, () => 1),
    overspeed: perDay(answers.overspeed, days, timeZone, (row) => row.eventTime, () => 1),
  };
  return Object.fromEntries(Object.entries(figures).filter(([, series]) => series !== undefined)) as Partial<Record<OverviewFigure, FigureSeries>>;
}
