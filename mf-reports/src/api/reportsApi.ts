import { createHttpClient, createTrackingApi, TRACKING_API_TIMEOUT_MS } from '@rastro/shared';
import type { QueryValue } from '@rastro/shared';
import type { PeriodRange } from '../filter/period';
import type { ReportFilterValues } from '../filter/filterStore';

/** SPEC §7's tracking base, shared by every report screen. */
export const trackingHttp = createHttpClient({ baseUrl: '/api', timeoutMs: TRACKING_API_TIMEOUT_MS });
export const trackingApi = createTrackingApi(trackingHttp);

/** The spreadsheet the tracker answers when asked with this Accept header (TRACCAR.md). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Rastro's tracker answers a route cut at its limit (Traccar's 50,000 fixes a device unless the
 * installation raises it) with this header set to `true`; Traccar itself cuts silently.
 */
export const ROUTE_TRUNCATED_HEADER = 'X-Rastro-Truncated';

/** SPEC §7: the trips helper asks page 1 with 25 rows, then pages on. */
export const TRIPS_PAGE_SIZE = 25;

/**
 * SPEC §7: every report is a GET with repeated deviceId and groupId, from, to, type (allEvents
 * unless the user chose types) and daily; the route report's dates are ISO, as every other's here.
 */
export function reportQuery(filter: ReportFilterValues, range: PeriodRange, paging?: { page: number; limit: number }): Record<string, QueryValue> {
  return {
    deviceId: filter.deviceIds,
    groupId: filter.groupIds,
    from: range.from,
    to: range.to,
    type: filter.eventTypes.length > 0 ? filter.eventTypes : 'allEvents',
    daily: filter.daily,
    ...(paging ? { page: paging.page, limit: paging.limit } : {}),
  };
}
