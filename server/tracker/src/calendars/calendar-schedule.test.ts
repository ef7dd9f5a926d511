import { businessHoursCalendarData } from '../seed/demo-calendar';
import { CalendarDataError, CalendarSchedule } from './calendar-schedule';

const base64 = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8').toString('base64');
const calendar = (...events: string[][]) => base64(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Traccar//NONSGML Traccar//EN', ...events.flat(), 'END:VCALENDAR']);
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', `UID:${lines.join('').length}@test`, ...lines, 'END:VEVENT'];

function schedule(data: string): CalendarSchedule {
  const parsed = CalendarSchedule.parse(data);
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

const insideAt = (calendarSchedule: CalendarSchedule, ...isoTimes: string[]) => isoTimes.map((iso) => calendarSchedule.contains(new Date(iso)));

describe('calendar schedules', () => {
  it('the demo business-hours calendar: weekdays 08:00–18:00 in São Paulo', () => {
    const hours = schedule(businessHoursCalendarData());
    // Monday 2 March 2026: 07:59, 08:00, 17:59, 18:00 in São Paulo (UTC−3); then Saturday noon.
    expect(insideAt(hours, '2026-03-02T10:59:00Z', '2026-03-02T11:00:00Z', '2026-03-02T20:59:00Z', '2026-03-02T21:00:00Z', '2026-03-07T15:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads a TZID without VTIMEZONE (as Traccar’s web client writes calendars) in that IANA zone, daylight saving included', () => {
    const lisbonMornings = schedule(calendar(vevent('DTSTART;TZID=Europe/Lisbon:20260101T090000', 'DTEND;TZID=Europe/Lisbon:20260101T100000', 'RRULE:FREQ=DAILY')));
    // Winter: Lisbon is on UTC; summer: UTC+1, so 09:30 there is 08:30 UTC.
    expect(insideAt(lisbonMornings, '2026-01-15T09:30:00Z', '2026-01-15T08:30:00Z', '2026-07-15T08:30:00Z', '2026-07-15T09:30:00Z')).toEqual([true, false, true, false]);
  });

  it('uses the calendar’s own VTIMEZONE, and leaves out EXDATE occurrences', () => {
    const mondays = schedule(
      calendar(
        ['BEGIN:VTIMEZONE', 'TZID:Depot Time', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:-0300', 'TZOFFSETTO:-0300', 'END:STANDARD', 'END:VTIMEZONE'],
        vevent('DTSTART;TZID=Depot Time:20260105T080000', 'DTEND;TZID=Depot Time:20260105T120000', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Depot Time:20260112T080000'),
      ),
    );
    expect(insideAt(mondays, '2026-01-05T11:30:00Z', '2026-01-12T11:30:00Z', '2026-01-19T14:59:00Z', '2026-01-19T15:00:00Z', '2026-01-20T11:30:00Z')).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  it('a single event is inside only between its start and end; several events add up', () => {
    const twoEvents = schedule(calendar(vevent('DTSTART:20260301T100000Z', 'DTEND:20260301T110000Z'), vevent('DTSTART:20260302T100000Z', 'DTEND:20260302T110000Z')));
    expect(insideAt(twoEvents, '2026-03-01T09:59:59Z', '2026-03-01T10:30:00Z', '2026-03-01T11:00:00Z', '2026-03-02T10:00:00Z', '2027-01-01T10:30:00Z')).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('answers the same whichever order instants are asked in (what it keeps between calls never goes stale)', () => {
    const hours = schedule(businessHoursCalendarData());
    const instants = ['2026-03-02T12:00:00Z', '2026-03-02T22:00:00Z', '2026-03-03T12:00:00Z', '2026-03-02T13:00:00Z', '2026-03-01T12:00:00Z', '2026-03-02T21:30:00Z'];
    expect(insideAt(hours, ...instants)).toEqual([true, false, true, true, false, false]);
  });

  it('refuses what is not base64 iCalendar', () => {
    expect(CalendarSchedule.parse(Buffer.from('hello').toString('base64'))).toBeInstanceOf(CalendarDataError);
    expect(CalendarSchedule.parse(base64(['BEGIN:VCALENDAR', 'garbage', 'END:VCALENDAR']))).toBeInstanceOf(CalendarDataError);
    expect(CalendarSchedule.parse(base64(['BEGIN:VEVENT', 'DTSTART:20260301T100000Z', 'END:VEVENT']))).toBeInstanceOf(CalendarDataError);
    expect(CalendarSchedule.parse(calendar())).toBeInstanceOf(CalendarSchedule);
  });
});
