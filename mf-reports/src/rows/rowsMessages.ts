import type { ReportKind } from '../reports/reportKinds';

/** What the page asks the rows worker: read this answer of this report (its bytes, transferred). */
export interface RowsRequest {
  kind: ReportKind;
  answer: ArrayBuffer;
}

/** What the worker answers: pieces of rows in order, then the total, or why the answer was refused. */
export type RowsReply = { type: 'rows'; rows: unknown[] } | { type: 'done'; total: number } | { type: 'refused'; reason: string };
