import { z } from 'zod';
import { create } from 'zustand';
import { periodShortcuts } from './period';
import type { Period } from './period';

/** One filter for every report (SPEC §2): what, when, which events, split by day. */
export interface ReportFilterValues {
  deviceIds: number[];
  groupIds: number[];
  period: Period;
  /** Empty means all events. */
  eventTypes: string[];
  daily: boolean;
}

const filterSchema = z.object({
  deviceIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  period: z.object({ shortcut: z.enum(periodShortcuts), customFrom: z.string(), customTo: z.string() }),
  eventTypes: z.array(z.string()),
  daily: z.boolean(),
});

export const defaultFilter: ReportFilterValues = { deviceIds: [], groupIds: [], period: { shortcut: 'today', customFrom: '', customTo: '' }, eventTypes: [], daily: false };

/** Kept in this browser per user: two people sharing a computer each find their own filter. */
export const filterStorageKey = (userId: number) => `rastro.reports.filter.${userId}`;

function read(userId: number): ReportFilterValues {
  try {
    const parsed = filterSchema.safeParse(JSON.parse(window.localStorage.getItem(filterStorageKey(userId)) ?? 'null'));
    return parsed.success ? parsed.data : defaultFilter;
  } catch {
    return defaultFilter;
  }
}

export interface ReportFilterState {
  userId: number | null;
  filter: ReportFilterValues;
  /** The filter this user left last time (or the default). */
  use(userId: number): void;
  change(change: Partial<ReportFilterValues>): void;
}

export const useReportFilter = create<ReportFilterState>()((set, get) => ({
  userId: null,
  filter: defaultFilter,
  use: (userId) => {
    if (get().userId !== userId) set({ userId, filter: read(userId) });
  },
  change: (change) => {
    const filter = { ...get().filter, ...change };
    set({ filter });
    const { userId } = get();
    try {
      if (userId !== null) window.localStorage.setItem(filterStorageKey(userId), JSON.stringify(filter));
    } catch {
      // A full or blocked storage only costs the memory of the filter.
    }
  },
}));
