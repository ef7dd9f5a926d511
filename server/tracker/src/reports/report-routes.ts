import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import { queryIntegers, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';
import { eventsReport, routeReport, spreadsheetRows, stopsReport, summaryReport, tripsReport, type ReportKind } from './report-kinds';
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
    if (!(request.headers.accept ?? '').includes(XLSX_MIME)) {
      const rows = await report.rows(scope);
      return (report.paged ? pageOf(rows, scope.query) : rows).map(report.toJson);
    }
    // Written as the rows are read, and sent as it is written (spreadsheet.ts).
    const rows = await spreadsheetRows(report, scope);
    return reply.type(XLSX_MIME).header('content-disposition', 'attachment; filename=report.xlsx').send(spreadsheetStream(report.sheetName, report.columns, rows));
  });
}

/**
 * The rows of `page` (from 1) when the query gives both `page` and `limit` (SPEC §7: the trips helper
 * asks page 1 with 25 rows, then pages on); every row otherwise, so clients that send neither (or
 * Traccar's `start` alone) get the whole report. The spreadsheet is never paged.
 */
function pageOf<Row>(rows: Row[], query: Query): Row[] {
  const [page] = queryIntegers(query, 'page', badRequest);
  const [limit] = queryIntegers(query, 'limit', badRequest);
  if (page === undefined || limit === undefined || page < 1 || limit < 1) return rows;
  return rows.slice((page - 1) * limit, page * limit);
}
