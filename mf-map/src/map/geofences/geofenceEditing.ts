import { ApiError, bus, geofenceSchema } from '@rastro/shared';
import type { Geofence, GeofenceDraft, GeofenceShapeType, HttpClient, LngLat, RastroEvents } from '@rastro/shared';
import type { EngineMap, EngineMouseEvent } from '../engine';
import { draftFeatures } from './geofenceFeatures';
import { addPoint, editedWkt, editSnapshot, movePoint, removePoint, resetEdit, startEdit } from './geofenceEditor';
import type { GeofenceEdit } from './geofenceEditor';
import { DRAFT_HANDLES_LAYER, showDraft } from './geofenceLayers';

/** POST for a new geofence, PUT for an existing one (SPEC §5: create when id is missing or 0). */
export async function saveGeofence(http: HttpClient, draft: GeofenceDraft): Promise<Geofence> {
  const saved = draft.id
    ? await http.json(`/geofences/${draft.id}`, { method: 'PUT', json: draft })
    : await http.json('/geofences', { method: 'POST', json: { ...draft, id: undefined } });
  return geofenceSchema.parse(saved);
}

/**
 * Geofence editing on the map, driven over the bus: a request starts it, clicks and drags shape
 * it, every change is announced (the shell shows finish/reset/cancel from that), and the shell's
 * finish/reset/cancel requests end it.
 */
export function startGeofenceEditing(map: EngineMap, http: HttpClient, onSaved: (geofence: Geofence) => void): { active(): boolean; stop(): void } {
  let edit: GeofenceEdit | null = null;
  let dragging: number | null = null;
  let saving = false;

  const announce = () => {
    showDraft(map, edit ? draftFeatures(edit) : { type: 'FeatureCollection', features: [] });
    bus.emit('geofence:editChanged', edit ? editSnapshot(edit) : null);
  };
  const change = (next: GeofenceEdit | null) => {
    edit = next;
    // The map's own double-click zoom would fight double clicks on vertices.
    if (next) map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
    announce();
  };
  const lngLatOf = (event: EngineMouseEvent): LngLat => [event.lngLat.lng, event.lngLat.lat];
  const handleOf = (event: EngineMouseEvent): number | null => {
    const value = event.features?.[0]?.properties?.handle;
    return typeof value === 'number' ? value : null;
  };

  const onRequested: RastroEvents['geofence:editRequested'] = ({ type, geofence }: { type: GeofenceShapeType; geofence?: Geofence }) => change(startEdit(type, geofence ?? null));
  const onReset = () => edit && change(resetEdit(edit));
  const onCancel = () => change(null);
  const onFinish: RastroEvents['geofence:finishRequested'] = ({ name, description }) => {
    if (!edit || saving) return;
    if (!name.trim()) return void bus.emit('geofence:saveFailed', 'FILL_NAME');
    const area = editedWkt(edit);
    if (!area) return void bus.emit('geofence:saveFailed', 'INCOMPLETE_AREA');
    const original = edit.original;
    const draft: GeofenceDraft = {
      id: original?.id,
      name: name.trim(),
      description: description ?? original?.description ?? '',
      area,
      calendarId: original?.calendarId ?? 0,
      attributes: original?.attributes ?? {},
    };
    saving = true;
    saveGeofence(http, draft).then(
      (geofence) => {
        saving = false;
        // SPEC §4: saving resets editing.
        change(null);
        onSaved(geofence);
        bus.emit('geofence:saved', geofence);
      },
      (error: unknown) => {
        saving = false;
        console.error('[rastro] the geofence could not be saved', error);
        bus.emit('geofence:saveFailed', 'SAVE_FAILED', error instanceof ApiError ? { status: error.status, code: error.code } : undefined);
      },
    );
  };

  const onClick = (event: EngineMouseEvent) => {
    // A click that ends a press on a handle (a drag, a removal) is not a new point.
    if (!edit || dragging !== null) return;
    change(addPoint(edit, lngLatOf(event)));
  };
  const onMove = (event: EngineMouseEvent) => {
    if (!edit || dragging === null) return;
    edit = movePoint(edit, dragging, lngLatOf(event));
    announce();
  };
  /** A press on a handle, by mouse (main button only: the right one removes) or by finger, drags it. */
  const onHandleDown = (event: EngineMouseEvent) => {
    const index = handleOf(event);
    const press = event.originalEvent;
    const touch = typeof TouchEvent !== 'undefined' && press instanceof TouchEvent;
    if (!edit || index === null || (!touch && press instanceof MouseEvent && press.button !== 0)) return;
    // Stops the map panning under the finger or the mouse for this gesture.
    event.preventDefault();
    dragging = index;
    map.dragPan.disable();
    map.once(touch ? 'touchend' : 'mouseup', () => {
      // The click that follows this mouseup must still see `dragging` set: clear it after.
      setTimeout(() => (dragging = null));
      map.dragPan.enable();
    });
  };
  const onHandleRemove = (event: EngineMouseEvent) => {
    const index = handleOf(event);
    if (!edit || index === null) return;
    event.preventDefault();
    change(removePoint(edit, index));
  };

  map.on('click', onClick);
  map.on('mousemove', onMove);
  map.on('touchmove', onMove);
  map.on('mousedown', DRAFT_HANDLES_LAYER, onHandleDown);
  map.on('touchstart', DRAFT_HANDLES_LAYER, onHandleDown);
  map.on('contextmenu', DRAFT_HANDLES_LAYER, onHandleRemove);
  bus.on('geofence:editRequested', onRequested);
  bus.on('geofence:resetRequested', onReset);
  bus.on('geofence:cancelRequested', onCancel);
  bus.on('geofence:finishRequested', onFinish);

  const stop = () => {
    bus.off('geofence:editRequested', onRequested);
    bus.off('geofence:resetRequested', onReset);
    bus.off('geofence:cancelRequested', onCancel);
    bus.off('geofence:finishRequested', onFinish);
    map.off('click', onClick);
    map.off('mousemove', onMove);
    map.off('touchmove', onMove);
    map.off('mousedown', DRAFT_HANDLES_LAYER, onHandleDown);
    map.off('touchstart', DRAFT_HANDLES_LAYER, onHandleDown);
    map.off('contextmenu', DRAFT_HANDLES_LAYER, onHandleRemove);
    if (edit) bus.emit('geofence:editChanged', null);
  };
  return { active: () => edit !== null, stop };
}
