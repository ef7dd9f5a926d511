import type { PropertyKind } from '../db/link-tables';
import { CalendarSchedule } from '../calendars/calendar-schedule';
import { SCHEDULED_REPORT_TYPES } from '../entities/entity-kinds';
import { parseGeofenceArea } from '../geofences/geofence-area';

/** Checks beyond field types that Traccar makes before storing: a message for a 400, or null. */
export type EntityValidator = (values: Record<string, unknown>) => string | null;

/** Calendar `data` is iCalendar as base64; Traccar refuses anything its iCalendar library cannot parse. */
function validCalendarData(values: Record<string, unknown>): string | null {
  const parsed = CalendarSchedule.parse(typeof values.data === 'string' ? values.data : '');
  return parsed instanceof Error ? `Invalid calendar data: expected base64 iCalendar (${parsed.message})` : null;
}

export const ENTITY_VALIDATORS: Partial<Record<PropertyKind, EntityValidator>> = {
  geofence: (values) => {
    const shape = parseGeofenceArea(String(values.area ?? ''));
    return shape instanceof Error ? `Invalid geofence area: ${shape.message}` : null;
  },
  calendar: validCalendarData,
  report: (values) =>
    (SCHEDULED_REPORT_TYPES as readonly unknown[]).includes(values.type) ? null : `Invalid report type: expected one of ${SCHEDULED_REPORT_TYPES.join(', ')}`,
};
