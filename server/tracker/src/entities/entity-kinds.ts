import type { PropertyKind } from '../db/link-tables';

/**
 * The simple Traccar entities, declared once: their table, API path and fields. One generic store
 * (../db/entity-store.ts) and one generic set of routes (../api/entity-routes.ts) serve them all.
 * Devices and users have their own modules: live state and passwords make them special.
 */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean';

export interface FieldSpec {
  type: FieldType;
  /** Refused with a 400 when missing or empty (Traccar's NOT NULL columns). */
  required?: boolean;
  /** The JSON value when the column is NULL (Traccar sends 0 for "no calendar", etc.). */
  whenNull?: string | number | boolean | null;
  /** An id of another object: stored as NULL for "none" (0 in JSON), so foreign keys hold. */
  reference?: boolean;
}

export interface EntityKind {
  kind: PropertyKind;
  table: string;
  /** e.g. /api/geofences */
  path: string;
  /** Field name in JSON → spec. The column is the name lower-cased. `id` is implicit. */
  fields: Record<string, FieldSpec>;
  /** Whether the entity carries an `attributes` map (computed attributes do not). */
  hasAttributes: boolean;
  /** The field lists are ordered by (Traccar's SimpleObjectResource `sortField`), then id. */
  sortField: string;
}

const text = (required = false): FieldSpec => ({ type: 'string', required, whenNull: null });
const idReference: FieldSpec = { type: 'integer', whenNull: 0, reference: true };

export const GROUP: EntityKind = {
  kind: 'group',
  table: 'groups',
  path: '/api/groups',
  fields: { name: text(true), groupId: idReference },
  hasAttributes: true,
  sortField: 'name',
};

export const GEOFENCE: EntityKind = {
  kind: 'geofence',
  table: 'geofences',
  path: '/api/geofences',
  fields: { name: text(true), description: text(), area: text(true), calendarId: idReference },
  hasAttributes: true,
  sortField: 'name',
};

export const NOTIFICATION: EntityKind = {
  kind: 'notification',
  table: 'notifications',
  path: '/api/notifications',
  fields: {
    type: text(true),
    description: text(),
    always: { type: 'boolean', whenNull: false },
    calendarId: idReference,
    commandId: idReference,
    notificators: text(),
  },
  hasAttributes: true,
  sortField: 'description',
};

export const DRIVER: EntityKind = {
  kind: 'driver',
  table: 'drivers',
  path: '/api/drivers',
  fields: { name: text(true), uniqueId: text(true) },
  hasAttributes: true,
  sortField: 'name',
};

export const CALENDAR: EntityKind = {
  kind: 'calendar',
  table: 'calendars',
  path: '/api/calendars',
  fields: { name: text(true), data: text(true) },
  hasAttributes: true,
  sortField: 'name',
};

export const MAINTENANCE: EntityKind = {
  kind: 'maintenance',
  table: 'maintenances',
  path: '/api/maintenance',
  fields: { name: text(true), type: text(true), start: { type: 'number', whenNull: 0 }, period: { type: 'number', whenNull: 0 } },
  hasAttributes: true,
  sortField: 'name',
};

export const COMMAND: EntityKind = {
  kind: 'command',
  table: 'commands',
  path: '/api/commands',
  fields: { description: text(), deviceId: idReference, type: text(true), textChannel: { type: 'boolean', whenNull: false } },
  hasAttributes: true,
  sortField: 'description',
};

export const COMPUTED_ATTRIBUTE: EntityKind = {
  kind: 'attribute',
  table: 'computed_attributes',
  path: '/api/attributes/computed',
  fields: {
    description: text(),
    attribute: text(true),
    expression: text(true),
    type: text(true),
    priority: { type: 'integer', whenNull: 0 },
  },
  hasAttributes: false,
  sortField: 'description',
};

/**
 * Traccar's scheduled reports (`/api/reports`): a report `type` (see SCHEDULED_REPORT_TYPES)
 * mailed to the users linked to it when an occurrence of its calendar ends, over the devices and
 * groups linked to it.
 */
export const REPORT: EntityKind = {
  kind: 'report',
  table: 'reports',
  path: '/api/reports',
  fields: { type: text(true), description: text(), calendarId: idReference },
  hasAttributes: true,
  sortField: 'description',
};

/** The report types Traccar's scheduled reports run (its TaskReports). */
export const SCHEDULED_REPORT_TYPES = ['events', 'route', 'summary', 'trips', 'stops'] as const;

export const SIMPLE_ENTITY_KINDS: readonly EntityKind[] = [GROUP, GEOFENCE, NOTIFICATION, DRIVER, CALENDAR, MAINTENANCE, COMMAND, COMPUTED_ATTRIBUTE, REPORT];

export function columnOf(field: string): string {
  return field.toLowerCase();
}
