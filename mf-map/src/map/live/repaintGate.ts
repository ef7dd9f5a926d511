/**
 * maplibre-gl draws a frame whenever anything about a source changes: when its worker has taken new
 * data (no tile has it yet, so the frame shows what was already there), once per tile or batch of
 * tiles that the worker sends back, and once more after a frame whose symbols changed (the
 * placement, already right, is marked stale and redone). One fleet update cost 3 to 5 frames, each
 * a full software-WebGL redraw and read-back (~180 ms) on a machine without a GPU. The gate holds
 * the map's repaints while the live sources are being reloaded and lets one through when their
 * tiles are all in, and it postpones the placement's redo, which draws the same picture again.
 * A moving camera is never held, and another source's new data ends the hold.
 */
export interface RepaintGate {
  /** New data was just handed to this source: no repaint until its tiles have it. */
  hold(sourceId: string): void;
  /** Whether this source's last data is still on its way to the screen. */
  holding(sourceId: string): boolean;
  /** Gives the map its own repaint back (and any repaint still held). */
  stop(): void;
}

/** The part of the engine the gate needs; both maplibre-gl and mapbox-gl have it. */
export interface GateableMap {
  triggerRepaint(): void;
  isMoving(): boolean;
  /** No style or source change waiting to be drawn (only the symbol placement may be dirty). */
  loaded(): boolean;
  on(event: 'sourcedata', listener: (event: unknown) => void): void;
  on(event: 'render', listener: () => void): void;
  off(event: 'sourcedata', listener: (event: unknown) => void): void;
  off(event: 'render', listener: () => void): void;
}

/** A source that does not finish (an error in its worker) holds the map no longer than this. */
export const MAX_HOLD_MS = 1_000;
/**
 * The placement's redo is drawn this long after the frame that asked for it, unless another frame
 * comes first (the next fleet update does, every second or two, and places the symbols anyway).
 */
export const PLACEMENT_REDO_DELAY_MS = 3_000;

export function gateRepaints(map: GateableMap): RepaintGate {
  // maplibre's own calls go through `this.triggerRepaint()`, so the map's own method is the one replaced.
  const own = Object.prototype.hasOwnProperty.call(map, 'triggerRepaint') ? map.triggerRepaint : undefined;
  const repaint = map.triggerRepaint.bind(map);
  const held = new Set<string>();
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let redoTimer: ReturnType<typeof setTimeout> | undefined;
  /** A repaint was asked for while held: it is due when the hold ends. */
  let owed = false;
  /** The next frame is the one a hold ended with. */
  let releasedFrame = false;
  /** Inside that frame, after its drawing: a repaint asked now is the placement's redo. */
  let afterReleasedFrame = false;

  const draw = () => {
    owed = false;
    clearTimeout(redoTimer);
    redoTimer = undefined;
    repaint();
  };
  const release = () => {
    held.clear();
    clearTimeout(holdTimer);
    holdTimer = undefined;
    if (!owed) return;
    releasedFrame = true;
    draw();
  };

  map.triggerRepaint = () => {
    if (map.isMoving()) draw();
    else if (held.size > 0) owed = true;
    else if (afterReleasedFrame && map.loaded()) redoTimer ??= setTimeout(draw, PLACEMENT_REDO_DELAY_MS);
    else draw();
  };

  const onSourceData = (event: unknown) => {
    const { sourceId, sourceDataType, isSourceLoaded } = (event ?? {}) as { sourceId?: string; sourceDataType?: string; isSourceLoaded?: boolean };
    // 'metadata' comes before the tiles are sent back to the worker: the source looks loaded then.
    if (sourceId === undefined || sourceDataType === 'metadata') return;
    // Only the live sources' own frames are merged: anything else (a geofence being drawn, a route,
    // the base map's tiles) is drawn at once, with whatever the live sources have so far.
    if (!held.has(sourceId)) {
      if (held.size > 0) release();
      return;
    }
    if (isSourceLoaded) held.delete(sourceId);
    if (held.size === 0) release();
  };
  const onRender = () => {
    if (!releasedFrame) return;
    releasedFrame = false;
    afterReleasedFrame = true;
    // The engine asks for its next frame synchronously, at the end of the frame: a microtask is after it.
    void Promise.resolve().then(() => (afterReleasedFrame = false));
  };
  map.on('sourcedata', onSourceData);
  map.on('render', onRender);

  return {
    hold(sourceId) {
      held.add(sourceId);
      holdTimer ??= setTimeout(release, MAX_HOLD_MS);
    },
    holding: (sourceId) => held.has(sourceId),
    stop() {
      map.off('sourcedata', onSourceData);
      map.off('render', onRender);
      clearTimeout(holdTimer);
      clearTimeout(redoTimer);
      if (own) map.triggerRepaint = own;
      else delete (map as Partial<GateableMap>).triggerRepaint;
      if (owed || redoTimer !== undefined) repaint();
    },
  };
}
