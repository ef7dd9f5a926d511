import { z } from 'zod';

/**
 * A geofence as the tracking API sends it (TRACCAR.md): `area` is WKT with latitude first.
 * Lenient on extra keys, like the other tracking entities.
 */
export const geofenceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable().optional(),
    area: z.string(),
    calendarId: z.number().optional(),
    attributes: z.record(z.string(), z.unknown()).default({}),
  })
  .loose();
export type Geofence = z.infer<typeof geofenceSchema>;

/** What a geofence editor creates or updates; `id` 0 or absent means create (SPEC §5). */
export interface GeofenceDraft {
  id?: number;
  name: string;
  description?: string;
  area: string;
  calendarId?: number;
  attributes: Record<string, unknown>;
}

/** SPEC §4: the three shapes a geofence can take. */
export const geofenceShapeTypes = ['circle', 'polygon', 'line'] as const;
export type GeofenceShapeType = (typeof geofenceShapeTypes)[number];

/** SPEC §4 point-editing steps: 1 nothing placed, 2 circle centre set, 3 circle complete (polygon/line stay at 1–2). */
export type GeofenceEditStep = 1 | 2 | 3;

/** What the map tells the rest of the page about an editing session in progress. */
export interface GeofenceEditSnapshot {
  type: GeofenceShapeType;
  step: GeofenceEditStep;
  /** Points placed so far (a circle's centre counts as one). */
  points: number;
  /** A circle's radius in metres once its second point is set. */
  radiusMetres: number | null;
  /** The geofence being changed, or null for a new one. */
  geofenceId: number | null;
  /** Its current name (empty for a new one): the finish panel starts from it. */
  name: string;
}

/** Why finishing an edit did not save: SPEC §5 FILL_NAME, an incomplete shape, or the server's refusal. */
export type GeofenceSaveFailure = 'FILL_NAME' | 'INCOMPLETE_AREA' | 'SAVE_FAILED';
