import { calendarSchema, useServerStore, useSessionStore } from '@rastro/shared';
import type { Calendar } from '@rastro/shared';
import { createElement } from 'react';
import { z } from 'zod';
import type { EntityDefinition } from '../entity/entityDefinition';
import { fromBase64, icsToSchedule, repeatEnds, repeatFrequencies, scheduleToIcs, toBase64 } from './icalSchedule';
import type { Schedule } from './icalSchedule';
import { ScheduleEditor } from './ScheduleEditor';
import { userTimeZone } from './zonedTime';

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'fleet.common.required');

export const calendarFormSchema = z
  .object({
    name: z.string().trim().min(1, 'fleet.common.required'),
    start: dateTime,
    end: dateTime,
    frequency: z.enum(repeatFrequencies),
    ends: z.enum(repeatEnds),
    count: z.string(),
    until: z.string(),
  })
  .superRefine((values, context) => {
    if (values.end.slice(0, 16) <= values.start.slice(0, 16)) context.addIssue({ code: 'custom', path: ['end'], message: 'fleet.calendars.endBeforeStart' });
    if (values.frequency === 'none') return;
    const count = Number(values.count);
    if (values.ends === 'count' && !(Number.isInteger(count) && count >= 1)) context.addIssue({ code: 'custom', path: ['count'], message: 'fleet.calendars.countInvalid' });
    if (values.ends === 'until' && !(/^\d{4}-\d{2}-\d{2}$/.test(values.until) && values.until >= values.start.slice(0, 10)))
      context.addIssue({ code: 'custom', path: ['until'], message: 'fleet.calendars.untilInvalid' });
  });
export type CalendarFormValues = z.infer<typeof calendarFormSchema>;

/** The signed-in user's time zone: the schedule is typed and shown in it. */
export const currentTimeZone = (): string => userTimeZone(useSessionStore.getState().user?.attributes.timezone, useServerStore.getState().server?.attributes.timezone);

const pad = (value: number) => String(value).padStart(2, '0');
/** A new schedule: tomorrow 08:00–18:00, once. */
function defaultSchedule(now = new Date()): Schedule {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  return { start: `${day}T08:00`, end: `${day}T18:00`, frequency: 'none', ends: 'never', count: 1, until: '' };
}

function scheduleOf(calendar: Calendar | null, zone: string): Schedule {
  if (!calendar?.data) return defaultSchedule();
  try {
    return icsToSchedule(fromBase64(calendar.data), zone) ?? defaultSchedule();
  } catch {
    return defaultSchedule();
  }
}

export function formValuesToSchedule(values: CalendarFormValues): Schedule {
  return { start: values.start, end: values.end, frequency: values.frequency, ends: values.ends, count: Number(values.count) || 1, until: values.until };
}

/** Builds the description for a time zone, so tests can give the zone the user would have. */
export function calendarEntityFor(zone: () => string): EntityDefinition<Calendar, CalendarFormValues> {
  return {
    key: 'calendars',
    apiPath: '/calendars',
    permissionArea: 'calendars',
    schema: calendarSchema,
    formSchema: calendarFormSchema,
    title: (calendar) => calendar.name,
    columns: [{ id: 'name', labelKey: 'fleet.calendars.name', value: (calendar) => calendar.name }],
    fields: [
      { name: 'name', labelKey: 'fleet.calendars.name', kind: 'text' },
      { name: 'start', labelKey: 'fleet.calendars.schedule', kind: 'custom', render: ({ disabled }) => createElement(ScheduleEditor, { disabled, zone: zone() }) },
    ],
    toFormValues: (calendar) => {
      const schedule = scheduleOf(calendar, zone());
      return { name: calendar?.name ?? '', ...schedule, count: String(schedule.count) };
    },
    toPayload: (values, original) => ({
      ...(original ?? {}),
      id: original?.id ?? 0,
      name: values.name.trim(),
      data: toBase64(scheduleToIcs(formValuesToSchedule(values), zone(), `calendar-${original?.id ?? Date.now()}@rastro`)),
      attributes: original?.attributes ?? {},
    }),
    saveErrorKey: 'fleet.calendars.saveError',
    deleteErrorKey: 'fleet.calendars.deleteError',
  };
}

/** SPEC §3 calendar: a name and one schedule, kept as real iCalendar data (base64, as Traccar stores it). */
export const calendarEntity = calendarEntityFor(currentTimeZone);
