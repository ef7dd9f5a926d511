import type { ReportKind } from '../reports/reportKinds';
import type { RouteColumns } from './routeColumns';

/** What the page asks the rows worker: read this answer of this report (its bytes, transferred). */
export interface RowsRequest {
  kind: ReportKind;
  answer: ArrayBuffer;
}

/**
 * What the worker answers: that it started (the page then hands it the bytes); pieces of rows in
 * order, or a route's columns; then the total, or why the answer was refused.
 */
export type RowsReply = { type: 'ready' } | { type: 'rows'; rows: unknown[] } | { type: 'route'; columns: RouteColumns } | { type: 'done'; total: number } | { type: 'refused'; reason: string };
