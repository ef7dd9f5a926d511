import type { QueryValue } from '@rastro/shared';

/** The screen's filters, as the URL keeps them (`/logs?device=7` opens a device's log straight away). */
export interface LogFilters {
  device: string;
  user: string;
  action: string;
  objectType: string;
  /** Calendar days (YYYY-MM-DD) in the browser's time zone, both included. */
  from: string;
  to: string;
}

const FILTER_NAMES = ['device', 'user', 'action', 'objectType', 'from', 'to'] as const;
const ID = /^[1-9]\d{0,14}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NO_FILTERS: LogFilters = { device: '', user: '', action: '', objectType: '', from: '', to: '' };

/** The filters a URL's search holds; a value that is not one (`device=abc`) is left out. */
export function filtersFromSearch(search: string): LogFilters {
  const params = new URLSearchParams(search);
  const read = (name: (typeof FILTER_NAMES)[number], pattern?: RegExp) => {
    const value = params.get(name)?.trim() ?? '';
    return pattern && !pattern.test(value) ? '' : value;
  };
  return { device: read('device', ID), user: read('user', ID), action: read('action'), objectType: read('objectType'), from: read('from', DAY), to: read('to', DAY) };
}

/** The search for a URL holding these filters (empty ones left out). */
export function searchOfFilters(filters: LogFilters): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A day's start (or, with `end`, its last millisecond) in the browser's zone, as the gateway reads instants. */
function instantOf(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return local.toISOString();
}

/**
 * Which log to read and how: a device's (`/devices/{id}/logs`), else a user's (what it did and what
 * was done to it), else the whole server's; the user narrows a device's log to what it did.
 */
export function logsRequest(filters: LogFilters, cursor: string | null, limit: number): { path: string; query: Record<string, QueryValue> } {
  const path = filters.device ? `/devices/${filters.device}/logs` : filters.user ? `/users/${filters.user}/logs` : '/server/logs';
  return {
    path,
    query: {
      limit,
      cursor,
      userId: filters.device && filters.user ? filters.user : undefined,
      action: filters.action || undefined,
      objectType: filters.objectType || undefined,
      from: filters.from ? instantOf(filters.from, false) : undefined,
      to: filters.to ? instantOf(filters.to, true) : undefined,
    },
  };
}
