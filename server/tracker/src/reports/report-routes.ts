import type { FastifyInstance } from 'fastify';
import type { TrackerContext } from '../tracker-context';
import { eventsReport, routeReport, stopsReport, summaryReport, tripsReport, type ReportKind } from './report-kinds';
import { readReportScope } from './report-scope';
import { buildSpreadsheet, XLSX_MIME } from './spreadsheet';

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

function register<Row>(app: FastifyInstance, context: TrackerContext, report: ReportKind<Row>): void {
  app.get(`/api/reports/${report.path}`, async (request, reply) => {
    const scope = await readReportScope(request, context);
    const rows = await report.rows(scope);
    if (!(request.headers.accept ?? '').includes(XLSX_MIME)) return rows.map(report.toJson);
    const workbook = await buildSpreadsheet(report.sheetName, report.columns, rows);
    return reply.type(XLSX_MIME).header('content-disposition', 'attachment; filename=report.xlsx').send(workbook);
  });
}
