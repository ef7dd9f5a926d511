import { createEvents } from 'ics';

/**
 * The demo's business-hours calendar: weekdays 08:00–18:00 in São Paulo (UTC−3, no daylight
 * saving since 2019), as Traccar stores calendars — iCalendar text, base64-encoded.
 */
export function businessHoursCalendarData(): string {
  const { error, value } = createEvents(
    [
      {
        uid: 'business-hours@rastro.demo',
        title: 'Horário comercial',
        start: Date.UTC(2024, 0, 1, 11, 0),
        startInputType: 'utc',
        startOutputType: 'utc',
        duration: { hours: 10 },
        recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      },
    ],
    { productId: 'rastro/demo' },
  );
  if (error || !value) throw error ?? new Error('the demo calendar came out empty');
  return Buffer.from(value, 'utf8').toString('base64');
}
