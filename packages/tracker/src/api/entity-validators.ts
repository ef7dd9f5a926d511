import type { PropertyKind } from '../db/link-tables';
import { parseGeofenceArea } from '../geofences/geofence-area';

/** Checks beyond field types that Traccar makes before storing: a message for a 400, or null. */
export type EntityValidator = (values: Record<string, unknown>) => string | null;

/** Calendar `data` is iCalendar as base64; Traccar refuses anything it cannot parse. */
function validCalendarData(values: Record<string, unknown>): string | null {
  const data = typeof values.data === 'string' ? values.data : '';
  const text = Buffer.from(data, 'base64').toString('utf8');
  return /^BEGIN:VCALENDAR\r?\n[\s\S]*END:VCALENDAR\s*$/.test(text) ? null : 'Invalid calendar data: expected base64 iCalendar';
}

export const ENTITY_VALIDATORS: Partial<Record<PropertyKind, EntityValidator>> = {
  geofence: (values) => {
    const shape = parseGeofenceArea(String(values.area ?? ''));
    return shape instanceof Error ? `Invalid geofence area: ${shape.message}` : null;
  },
  calendar: validCalendarData,
};
