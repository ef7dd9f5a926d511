import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import { queryIntegers, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { eventsReport, ROUTE_TRUNCATED_HEADER, routeReport, spreadsheetRows, stopsReport, summaryReport, tripsReport, type ReportKind } from './report-kinds';
import { jsonArrayChunks } from './report-json';
import { readReportScope } from './report-scope';
import { spreadsheetStream, XLSX_MIME } from './spreadsheet';

/**
 * GET /api/reports/{summary|trips|stops|events|route}, as Traccar's ReportResource: JSON, or an
 * .xlsx attachment when the client asks for one in its Accept header.
 */
export function registerReportRoutes(app: FastifyInstance, context: TrackerContext): void {
  register(app, context, summaryReport(context));
  register(app, context, tripsReport(context));
  register(app, context, stopsReport(context));
  register(app, context, routeReport(context));
  register(app, context, eventsReport(context));
}

function register<Row extends SheetRow, SheetRow>(app: FastifyInstance, context: TrackerContext, report: ReportKind<Row, SheetRow>): void {
  app.get(`/api/reports/${report.path}`, async (request, reply) => {
    const scope = await readReportScope(request, context);
    // Rastro's own signal (Traccar cuts silently): the page tells the user the period holds more.
    if (await report.truncated?.(scope)) void reply.header(ROUTE_TRUNCATED_HEADER, 'true');
    if (!(request.headers.accept ?? '').includes(XLSX_MIME)) {
      // A route's month: written as it is read and sent as it is written, so the page reads it as it comes.
      if (report.each && !report.paged) return reply.type('application/json; charset=utf-8').send(Readable.from(jsonArrayChunks(report.each(scope), report.toJson)));
      const page = report.paged ? pageAsked(scope.query) : null;
      const rows = await report.rows(scope, page?.end);
      return (page ? rows.slice(page.start, page.end) : rows).map(report.toJson);
    }
    // Written as the rows are read, and sent as it is written (spreadsheet.ts).
    const rows = await spreadsheetRows(report, scope);
    return reply.type(XLSX_MIME).header('content-disposition', 'attachment; filename=report.xlsx').send(spreadsheetStream(report.sheetName, report.columns, rows));
  });
}

/**
 * The rows of `page` (from 1) when the query gives both `page` and `limit` (SPEC §7: the trips helper
 * asks page 1 with 25 rows, then pages on), as a slice of the whole report's rows; null otherwise, so
 * clients that send neither (or Traccar's `start` alone) get the whole report. The spreadsheet is
 * never paged.
 */
function pageAsked(query: Query): { start: number; end: number } | null {
  const [page] = queryIntegers(query, 'page', badRequest);
  const [limit] = queryIntegers(query, 'limit', badRequest);
  if (page === undefined || limit === undefined || page < 1 || limit < 1) return null;
  return { start: (page - 1) * limit, end: page * limit };
}
