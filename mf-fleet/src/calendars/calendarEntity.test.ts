import type { Calendar } from '@rastro/shared';
import { calendarEntityFor } from './calendarEntity';
import type { CalendarFormValues } from './calendarEntity';
import { fromBase64, icsToSchedule, nextOccurrences, scheduleToIcs } from './icalSchedule';
import { epochOfWallTime, wallTimeAt } from './zonedTime';

const ZONE = 'America/Sao_Paulo';
const calendars = calendarEntityFor(() => ZONE);
const weekly: CalendarFormValues = { name: 'Expediente', start: '2026-12-01T08:00', end: '2026-12-01T18:00', frequency: 'weekly', ends: 'count', count: '10', until: '' };

describe('calendar schedules as iCalendar', () => {
  it('writes real iCalendar (base64, as Traccar keeps it) and reads the same schedule back', () => {
    const payload = calendars.toPayload(weekly, null);
    const text = fromBase64(String(payload.data));
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('DTSTART;TZID=America/Sao_Paulo:20261201T080000');
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=10');
    const saved = { ...payload, id: 3 } as Calendar;
    expect(calendars.toFormValues(saved)).toEqual(weekly);
  });

  it('keeps "until a date" and "never" through the round trip', () => {
    for (const values of [
      { ...weekly, frequency: 'monthly', ends: 'until', until: '2027-06-30' },
      { ...weekly, frequency: 'daily', ends: 'never' },
      { ...weekly, frequency: 'yearly', ends: 'never' },
    ] as CalendarFormValues[]) {
      const saved = { ...calendars.toPayload(values, null), id: 1 } as Calendar;
      const back = calendars.toFormValues(saved);
      expect({ frequency: back.frequency, ends: back.ends, until: back.until }).toEqual({ frequency: values.frequency, ends: values.ends, until: values.until });
    }
  });

  it('reads a calendar written in UTC in the user zone', () => {
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20261201T110000Z', 'DTEND:20261201T210000Z', 'RRULE:FREQ=DAILY', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect(icsToSchedule(text, ZONE)).toMatchObject({ start: '2026-12-01T08:00', end: '2026-12-01T18:00', frequency: 'daily', ends: 'never' });
    expect(icsToSchedule('not a calendar', ZONE)).toBeNull();
  });

  it('previews the next occurrences as instants, from now on', () => {
    const text = scheduleToIcs({ start: '2026-12-01T08:00', end: '2026-12-01T18:00', frequency: 'weekly', ends: 'count', count: 3, until: '' }, ZONE, 'x');
    const next = nextOccurrences(text, ZONE, Date.UTC(2026, 11, 5), 5);
    // 08:00 in São Paulo (UTC−3) is 11:00 UTC; the first of the three is past, the series ends at three.
    expect(next.map((instant) => new Date(instant).toISOString())).toEqual(['2026-12-08T11:00:00.000Z', '2026-12-15T11:00:00.000Z']);
  });

  it('validates end after start and the repetition end', () => {
    const issues = (values: CalendarFormValues) => calendars.formSchema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(weekly)).toEqual([]);
    expect(issues({ ...weekly, end: '2026-12-01T07:00' })).toEqual(['fleet.calendars.endBeforeStart']);
    expect(issues({ ...weekly, count: '0' })).toEqual(['fleet.calendars.countInvalid']);
    expect(issues({ ...weekly, ends: 'until', until: '2026-11-01' })).toEqual(['fleet.calendars.untilInvalid']);
    expect(issues({ ...weekly, frequency: 'none', count: '0' })).toEqual([]);
  });
});

describe('wall times in a zone', () => {
  it('converts both ways, across a daylight saving change', () => {
    const instant = epochOfWallTime({ year: 2026, month: 3, day: 29, hour: 3, minute: 30, second: 0 }, 'Europe/Lisbon');
    expect(new Date(instant).toISOString()).toBe('2026-03-29T02:30:00.000Z');
    expect(wallTimeAt(instant, 'Europe/Lisbon')).toEqual({ year: 2026, month: 3, day: 29, hour: 3, minute: 30, second: 0 });
  });
});
