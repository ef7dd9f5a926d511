import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC §9's report date shortcuts, and a range of the user's own. */
export const periodShortcuts = ['today', 'yesterday', 'last7', 'last30', 'last90', 'custom'] as const;
export type PeriodShortcut = (typeof periodShortcuts)[number];

export interface Period {
  shortcut: PeriodShortcut;
  /** Calendar days `YYYY-MM-DD` in the user's time zone, both included; read only for `custom`. */
  customFrom: string;
  customTo: string;
}

/** What a report call sends: ISO instants (the tracker reads them with their zone). */
export interface PeriodRange {
  from: string;
  to: string;
  /** The calendar days, for the spreadsheet's name. */
  firstDay: string;
  lastDay: string;
}

const DAY = 'YYYY-MM-DD';
const daysBack: Partial<Record<PeriodShortcut, number>> = { today: 0, last7: 6, last30: 29, last90: 89 };

/** The calendar day an instant falls on in a time zone. */
export function dayIn(timeZone: string, instant: number): string {
  return dayjs(instant).tz(timeZone).format(DAY);
}

/** Calendar arithmetic on `YYYY-MM-DD`, in UTC so no clock change can shift the day. */
const addDays = (day: string, days: number) => dayjs.utc(day).add(days, 'day').format(DAY);

/** The first instant of a calendar day in a time zone (23 or 25 hours before the next one on a clock change). */
const startOfDay = (day: string, timeZone: string) => dayjs.tz(day, timeZone).valueOf();

/**
 * The instants a period covers, from the first millisecond of its first day to the last of its last
 * day in the user's time zone: "last 7 days" is today and the six days before it.
 */
export function periodRange(period: Period, timeZone: string, now: number = Date.now()): PeriodRange {
  const today = dayIn(timeZone, now);
  let firstDay: string;
  let lastDay: string;
  if (period.shortcut === 'custom') {
    [firstDay, lastDay] = period.customFrom <= period.customTo ? [period.customFrom, period.customTo] : [period.customTo, period.customFrom];
  } else if (period.shortcut === 'yesterday') {
    firstDay = lastDay = addDays(today, -1);
  } else {
    firstDay = addDays(today, -(daysBack[period.shortcut] ?? 0));
    lastDay = today;
  }
  const from = startOfDay(firstDay, timeZone);
  const to = startOfDay(addDays(lastDay, 1), timeZone) - 1;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), firstDay, lastDay };
}

/** A custom range is usable when both days are real calendar days. */
export function isValidDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs.utc(day).format(DAY) === day;
}
