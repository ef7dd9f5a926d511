import { z } from 'zod';
import { reportQuery, trackingHttp } from '../api/reportsApi';
import type { ReportFilterValues } from '../filter/filterStore';
import type { PeriodRange } from '../filter/period';
import type { ReportDefinition } from './definitions';

/** A report's rows as its definition reads them (JSON, SPEC §7's query). */
export async function fetchReport<Row>(definition: Pick<ReportDefinition<Row>, 'path' | 'row'>, filter: ReportFilterValues, range: PeriodRange, options: { signal?: AbortSignal; paging?: { page: number; limit: number } } = {}): Promise<Row[]> {
  const answer = await trackingHttp.json(`/reports/${definition.path}`, { query: reportQuery(filter, range, options.paging), signal: options.signal });
  return z.array(definition.row).parse(answer);
}
