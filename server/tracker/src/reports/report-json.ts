import { formatDate } from '../entities/dates';

/** A report row as Traccar's JSON has it: every Date in the ISO-with-offset format. */
export type ReportJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export function reportItemToJson<T extends object>(item: T): ReportJson<T> {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, value instanceof Date ? formatDate(value) : value])) as ReportJson<T>;
}
