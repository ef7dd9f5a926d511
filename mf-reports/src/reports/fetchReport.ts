import { reportQuery, ROUTE_TRUNCATED_HEADER, trackingHttp } from '../api/reportsApi';
import type { ReportFilterValues } from '../filter/filterStore';
import type { PeriodRange } from '../filter/period';
import { readRows } from '../rows/readRows';
import type { RowList } from '../rows/rowList';
import type { ReportDefinition } from './definitions';

/** A report's rows, and whether the tracker cut them at its route limit (only Rastro's tracker says so). */
export interface ReportAnswer<Row> {
  rows: RowList<Row>;
  truncated: boolean;
}

/**
 * A report's rows as its definition reads them (JSON, SPEC §7's query), parsed and checked off the
 * page's thread as they arrive (rows/readRows.ts), a long route's fixes so far given to `onPart`
 * while it arrives; a cancel stops the download.
 */
export async function fetchReport<Row>(definition: Pick<ReportDefinition<Row>, 'kind' | 'path' | 'row'>, filter: ReportFilterValues, range: PeriodRange, options: { signal?: AbortSignal; paging?: { page: number; limit: number }; onPart?: (rows: RowList<Row>) => void } = {}): Promise<ReportAnswer<Row>> {
  const response = await trackingHttp.request(`/reports/${definition.path}`, { query: reportQuery(filter, range, options.paging), signal: options.signal });
  const onPart = options.onPart as ((rows: RowList<unknown>) => void) | undefined;
  const rows = await readRows(definition.kind, response.body ?? (await response.arrayBuffer()), options.signal, onPart);
  // The rows were checked against rowSchemas[kind], which is the definition's own `row` (definitions.ts).
  return { rows: rows as RowList<Row>, truncated: response.headers.get(ROUTE_TRUNCATED_HEADER) === 'true' };
}
