import { distanceMetres, formatGeofenceArea, summarizeGeofenceArea } from '@rastro/shared';
import type { Geofence, GeofenceArea, GeofenceAreaSummary, GeofenceEditSnapshot, GeofenceEditStep, GeofenceShapeType, LngLat } from '@rastro/shared';
import { parseGeofenceArea } from '@rastro/shared';

/**
 * The geofence being drawn, as plain data (SPEC §4). A circle takes its centre, then a point on its
 * edge (steps 1 → 2 → 3); a polygon or a line takes vertices, each of which can be moved or removed.
 */
export interface GeofenceEdit {
  type: GeofenceShapeType;
  points: LngLat[];
  radiusMetres: number | null;
  /** The geofence being changed (its other fields are kept on save), or null for a new one. */
  original: Geofence | null;
}

export function startEdit(type: GeofenceShapeType, original: Geofence | null = null): GeofenceEdit {
  const area = original ? parseGeofenceArea(original.area) : null;
  if (area?.type === 'circle') return { type: 'circle', points: [area.center], radiusMetres: area.radius, original };
  if (area && area.type === type) return { type, points: [...area.points], radiusMetres: null, original };
  return { type, points: [], radiusMetres: null, original };
}

/** A click on the map: the circle's centre then its edge, or the next vertex. */
export function addPoint(edit: GeofenceEdit, point: LngLat): GeofenceEdit {
  if (edit.type !== 'circle') return { ...edit, points: [...edit.points, point] };
  const center = edit.points[0];
  if (!center) return { ...edit, points: [point], radiusMetres: null };
  return { ...edit, radiusMetres: distanceMetres(center, point) };
}

/** A dragged handle. For a circle, handle 0 is the centre and handle 1 a point on the edge. */
export function movePoint(edit: GeofenceEdit, index: number, point: LngLat): GeofenceEdit {
  if (edit.type === 'circle') {
    if (index === 0) return { ...edit, points: [point] };
    const center = edit.points[0];
    return center ? { ...edit, radiusMetres: distanceMetres(center, point) } : edit;
  }
  if (index < 0 || index >= edit.points.length) return edit;
  return { ...edit, points: edit.points.map((existing, at) => (at === index ? point : existing)) };
}

export function removePoint(edit: GeofenceEdit, index: number): GeofenceEdit {
  // A circle without its centre is nothing: removing either handle starts it again.
  if (edit.type === 'circle') return index === 0 ? { ...edit, points: [], radiusMetres: null } : { ...edit, radiusMetres: null };
  return { ...edit, points: edit.points.filter((_, at) => at !== index) };
}

export function resetEdit(edit: GeofenceEdit): GeofenceEdit {
  return { ...edit, points: [], radiusMetres: null };
}

const MINIMUM_POINTS: Record<GeofenceShapeType, number> = { circle: 1, polygon: 3, line: 2 };

/** The area to save, or null while the shape is not complete. */
export function editedArea(edit: GeofenceEdit): GeofenceArea | null {
  if (edit.type === 'circle') {
    const center = edit.points[0];
    return center && edit.radiusMetres && edit.radiusMetres > 0 ? { type: 'circle', center, radius: edit.radiusMetres } : null;
  }
  return edit.points.length >= MINIMUM_POINTS[edit.type] ? { type: edit.type, points: edit.points } : null;
}

export function editedWkt(edit: GeofenceEdit): string | null {
  const area = editedArea(edit);
  return area ? formatGeofenceArea(area) : null;
}

/** SPEC §4 steps: 1 nothing placed, 2 centre (or some points) placed, 3 shape complete. */
export function editStep(edit: GeofenceEdit): GeofenceEditStep {
  if (edit.points.length === 0) return 1;
  return editedArea(edit) ? 3 : 2;
}

export function editSummary(edit: GeofenceEdit): GeofenceAreaSummary {
  return summarizeGeofenceArea(edit.type, edit.points.length, edit.radiusMetres);
}

export function editSnapshot(edit: GeofenceEdit): GeofenceEditSnapshot {
  return {
    type: edit.type,
    step: editStep(edit),
    points: edit.points.length,
    radiusMetres: edit.radiusMetres,
    geofenceId: edit.original?.id ?? null,
    name: edit.original?.name ?? '',
  };
}
