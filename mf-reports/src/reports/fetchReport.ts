import { ApiError } from '@rastro/shared';
import { reportQuery, trackingHttp } from '../api/reportsApi';
import type { ReportFilterValues } from '../filter/filterStore';
import type { PeriodRange } from '../filter/period';
import { readRows } from '../rows/readRows';
import type { RowList } from '../rows/rowList';
import type { ReportDefinition } from './definitions';

/** The answer's bytes; a cancel while they download rejects at once (the download is left to end on its own). */
function bytesOf(response: Response, signal?: AbortSignal): Promise<ArrayBuffer> {
  if (!signal) return response.arrayBuffer();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new ApiError(0, 'ABORTED', ''));
    signal.addEventListener('abort', onAbort, { once: true });
    response.arrayBuffer().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A report's rows as its definition reads them (JSON, SPEC §7's query), parsed and checked off the
 * page's thread (rows/readRows.ts).
 */
export async function fetchReport<Row>(definition: Pick<ReportDefinition<Row>, 'kind' | 'path' | 'row'>, filter: ReportFilterValues, range: PeriodRange, options: { signal?: AbortSignal; paging?: { page: number; limit: number } } = {}): Promise<RowList<Row>> {
  const response = await trackingHttp.request(`/reports/${definition.path}`, { query: reportQuery(filter, range, options.paging), signal: options.signal });
  const rows = await readRows(definition.kind, await bytesOf(response, options.signal), options.signal);
  // The rows were checked against rowSchemas[kind], which is the definition's own `row` (definitions.ts).
  return rows as RowList<Row>;
}
