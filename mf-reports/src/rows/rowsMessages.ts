import type { ReportKind } from '../reports/reportKinds';
import type { RouteColumns } from './routeColumns';

/**
 * What the page tells the rows worker: which report's answer comes, each chunk of its bytes as it
 * arrives (transferred), then its end.
 */
export type RowsRequest = { type: 'begin'; kind: ReportKind } | { type: 'bytes'; bytes: Uint8Array } | { type: 'end' };

/**
 * What the worker answers: that it started (the page then hands it the bytes); pieces of rows in
 * order, or a route's columns (its fixes so far as they come, then the whole); then the total, or
 * why the answer was refused.
 */
export type RowsReply = { type: 'ready' } | { type: 'rows'; rows: unknown[] } | { type: 'routePart'; columns: RouteColumns } | { type: 'route'; columns: RouteColumns } | { type: 'done'; total: number } | { type: 'refused'; reason: string };
