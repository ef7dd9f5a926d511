import { demoAccount, startTracker, type RunningTracker, type ScheduledReportMail } from '../index';
import { login } from '../test-support/tracker-client';

/** iCalendar UTC time: 20261125T231500Z. */
const icalTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function oneOccurrence(from: Date, to: Date): string {
  const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Rastro//test//EN', 'BEGIN:VEVENT', 'UID:once@rastro.test', `DTSTART:${icalTime(from)}`, `DTEND:${icalTime(to)}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
  return Buffer.from(text).toString('base64');
}

describe('scheduled reports', () => {
  let tracker: RunningTracker;
  const mails: ScheduledReportMail[] = [];

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 6, intervalMs: 600_000, seed: 2 }, scheduledReportCheckIntervalMs: 200, onScheduledReport: (mail) => void mails.push(mail) });
  }, 60_000);

  afterAll(() => tracker?.close());

  it('go out to the users linked to them, as a spreadsheet over the calendar occurrence that just ended', async () => {
    const admin = await login(tracker.url, demoAccount.email, demoAccount.password);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${tracker.url}${path}`, { method: 'POST', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return response.status === 204 ? null : ((await response.json()) as { id: number });
    };
    const start = new Date(Date.now() - 60_000);
    const end = new Date(Math.ceil((Date.now() + 2_000) / 1000) * 1000);
    const calendar = await post('/api/calendars', { name: 'Once', data: oneOccurrence(start, end), attributes: {} });
    const report = await post('/api/reports', { type: 'summary', description: 'Resumo único', calendarId: calendar?.id, attributes: {} });
    const devices = (await (await fetch(`${tracker.url}/api/devices`, { headers: { cookie: admin } })).json()) as Array<{ id: number }>;
    await post('/api/permissions', { deviceId: devices[0]?.id, reportId: report?.id });

    while (!mails.some((mail) => mail.reportId === report?.id)) await new Promise((resolve) => setTimeout(resolve, 100));
    const mail = mails.find((candidate) => candidate.reportId === report?.id);
    expect(mail).toMatchObject({ type: 'summary', description: 'Resumo único', email: demoAccount.email, filename: 'report.xlsx' });
    expect(mail?.from.getTime()).toBe(Math.floor(start.getTime() / 1000) * 1000);
    expect(mail?.to.getTime()).toBe(end.getTime());
    // An .xlsx is a zip file.
    expect(mail?.content.subarray(0, 2).toString()).toBe('PK');
  }, 20_000);
});
