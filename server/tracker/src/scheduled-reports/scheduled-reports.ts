import { CalendarSchedule } from '../calendars/calendar-schedule';
import type { EntityJson } from '../db/entity-store';
import { CALENDAR, GROUP, REPORT } from '../entities/entity-kinds';
import { eventsReport, routeReport, spreadsheetRows, stopsReport, summaryReport, tripsReport, type ReportContext, type ReportKind } from '../reports/report-kinds';
import { groupTree, type ReportScope } from '../reports/report-scope';
import { buildSpreadsheet } from '../reports/spreadsheet';
import { PeriodicTask } from '../schedule/periodic-task';
import type { TrackerContext } from '../tracker-context';

/** A scheduled report ready to go out (Traccar mails it with the spreadsheet attached). */
export interface ScheduledReportMail {
  reportId: number;
  type: string;
  description: string | null;
  /** The user it goes to, and where. */
  userId: number;
  email: string;
  /** The calendar occurrence the report covers. */
  from: Date;
  to: Date;
  filename: string;
  content: Buffer;
}

export type ScheduledReportMailer = (mail: ScheduledReportMail) => Promise<void> | void;

type SchedulingContext = ReportContext & Pick<TrackerContext, 'users' | 'devices' | 'links'>;

async function spreadsheetOf<Row extends SheetRow, SheetRow>(kind: ReportKind<Row, SheetRow>, scope: ReportScope): Promise<Buffer> {
  return buildSpreadsheet(kind.sheetName, kind.columns, await spreadsheetRows(kind, scope));
}

/** The spreadsheet of each report type a schedule may name (SCHEDULED_REPORT_TYPES). */
const SPREADSHEETS: Readonly<Record<string, (context: ReportContext, scope: ReportScope) => Promise<Buffer>>> = {
  summary: (context, scope) => spreadsheetOf(summaryReport(context), scope),
  trips: (context, scope) => spreadsheetOf(tripsReport(context), scope),
  stops: (context, scope) => spreadsheetOf(stopsReport(context), scope),
  route: (context, scope) => spreadsheetOf(routeReport(context), scope),
  events: (context, scope) => spreadsheetOf(eventsReport(context), scope),
};

/**
 * Traccar's TaskReports: every check, a scheduled report whose calendar occurrence was under way
 * at the previous check and is over now runs over that occurrence, for each user linked to it,
 * over the devices linked to it and to its groups (with subgroups) that the user reaches; each
 * user gets the spreadsheet. Users with reports disabled get none.
 */
export class ScheduledReports {
  private lastCheck: Date;
  private readonly task: PeriodicTask;
  private readonly now: () => Date;

  constructor(
    private readonly context: SchedulingContext,
    private readonly mail: ScheduledReportMailer,
    { intervalMs, onError, now = () => new Date() }: { intervalMs: number; onError: (error: unknown) => void; now?: () => Date },
  ) {
    this.now = now;
    this.lastCheck = now();
    this.task = new PeriodicTask(() => this.check(), intervalMs, onError);
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  async check(now = this.now()): Promise<void> {
    const lastCheck = this.lastCheck;
    this.lastCheck = now;
    for (const report of await this.context.entities.list(REPORT)) {
      const calendarId = Number(report.calendarId ?? 0);
      const calendar = calendarId > 0 ? await this.context.entities.findById(CALENDAR, calendarId) : null;
      const schedule = calendar ? CalendarSchedule.parse(String(calendar.data ?? '')) : null;
      if (!schedule || schedule instanceof Error) continue;
      const period = schedule.occurrenceAt(lastCheck);
      if (period && !schedule.contains(now)) await this.run(report, period);
    }
  }

  private async run(report: EntityJson, { from, to }: { from: Date; to: Date }): Promise<void> {
    const { users, devices, links, entities } = this.context;
    const spreadsheet = SPREADSHEETS[String(report.type)];
    if (!spreadsheet) return;
    const linkedDevices = new Set(await links.ownerIds('device', 'report', report.id));
    const groups = await entities.list(GROUP);
    const inGroups = groupTree(await links.ownerIds('group', 'report', report.id), groups.map((group) => ({ id: group.id, parentId: Number(group.groupId ?? 0) })));
    for (const userId of await links.ownerIds('user', 'report', report.id)) {
      const user = await users.findById(userId);
      if (!user || user.disabled || user.disableReports) continue;
      const reached = user.administrator ? await devices.findAll() : await devices.findVisible(user.id);
      const scope: ReportScope = { user, devices: reached.filter((device) => linkedDevices.has(device.id) || inGroups.has(device.groupId)), from, to, query: {} };
      await this.mail({
        reportId: report.id,
        type: String(report.type),
        description: typeof report.description === 'string' ? report.description : null,
        userId,
        email: user.email,
        from,
        to,
        filename: 'report.xlsx',
        content: await spreadsheet(this.context, scope),
      });
    }
  }
}
