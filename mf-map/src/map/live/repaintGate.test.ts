import { gateRepaints, MAX_HOLD_MS, PLACEMENT_REDO_DELAY_MS } from './repaintGate';
import type { GateableMap } from './repaintGate';

type Listener = (event?: unknown) => void;

/**
 * maplibre-gl's way with a GeoJSON source update, in miniature and in the order it happens: the
 * worker takes the data (a repaint is asked), then sends back each of the source's tiles in a task
 * of its own (a repaint each); a frame whose symbols changed asks for one more frame to place
 * them again. Tasks and frames alternate, as on a busy machine.
 */
function fakeMapLibre(tiles: number) {
  const listeners: Record<string, Set<Listener>> = { sourcedata: new Set(), render: new Set() };
  const emit = (event: string, payload?: object) => listeners[event]!.forEach((listener) => listener(payload && { ...payload, isSourceLoaded: !workerBusy && tilesLoading === 0 }));
  const tasks: Array<() => void> = [];
  let frameAsked = false;
  let workerBusy = false;
  let tilesLoading = 0;
  let symbolsChanged = false;
  const state = { frames: 0, moving: false };
  const map: GateableMap = {
    triggerRepaint: () => void (frameAsked = true),
    isMoving: () => state.moving,
    loaded: () => true,
    on: (event: string, listener: Listener) => void listeners[event]!.add(listener),
    off: (event: string, listener: Listener) => void listeners[event]!.delete(listener),
  };
  const setData = (sourceId: string) => {
    workerBusy = true;
    tasks.push(() => {
      workerBusy = false;
      map.triggerRepaint();
      emit('sourcedata', { sourceId, sourceDataType: 'metadata' });
      tilesLoading = tiles;
      emit('sourcedata', { sourceId, sourceDataType: 'content' });
      for (let tile = 0; tile < tiles; tile += 1)
        tasks.push(() => {
          tilesLoading -= 1;
          symbolsChanged = true;
          map.triggerRepaint();
          emit('sourcedata', { sourceId, tile });
        });
    });
  };
  const frame = () => {
    if (!frameAsked) return;
    frameAsked = false;
    state.frames += 1;
    emit('render');
    if (symbolsChanged || state.moving) map.triggerRepaint();
    symbolsChanged = false;
  };
  /** Runs tasks and frames in turn until nothing is left, letting microtasks run after each frame. */
  const settle = async () => {
    while (tasks.length > 0 || frameAsked) {
      tasks.shift()?.();
      frame();
      await Promise.resolve();
    }
  };
  return { map, setData, settle, state };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('repaint gate', () => {
  it('without it, one source update costs a frame for the worker, one per tile and one to place the symbols again', async () => {
    const engine = fakeMapLibre(3);
    engine.setData('rastro-fleet');
    await engine.settle();
    expect(engine.state.frames).toBe(5);
  });

  it('draws one frame per source update, once every tile has the new data', async () => {
    const engine = fakeMapLibre(3);
    const gate = gateRepaints(engine.map);
    for (let step = 1; step <= 3; step += 1) {
      gate.hold('rastro-fleet');
      engine.setData('rastro-fleet');
      expect(gate.holding('rastro-fleet')).toBe(true);
      await engine.settle();
      expect(gate.holding('rastro-fleet')).toBe(false);
      expect(engine.state.frames).toBe(step);
    }
    // The symbols' placement, redone later when no update came meanwhile: still the same picture, drawn once.
    jest.advanceTimersByTime(PLACEMENT_REDO_DELAY_MS);
    await engine.settle();
    expect(engine.state.frames).toBe(4);
    jest.advanceTimersByTime(PLACEMENT_REDO_DELAY_MS * 10);
    await engine.settle();
    expect(engine.state.frames).toBe(4);
    gate.stop();
  });

  it('never holds a moving camera, and lets go of a source that does not finish', async () => {
    const engine = fakeMapLibre(2);
    const gate = gateRepaints(engine.map);
    engine.state.moving = true;
    gate.hold('rastro-fleet');
    engine.map.triggerRepaint();
    engine.state.moving = false;
    await engine.settle();
    expect(engine.state.frames).toBe(1);

    gate.hold('rastro-trails');
    engine.map.triggerRepaint();
    await engine.settle();
    expect(engine.state.frames).toBe(1);
    jest.advanceTimersByTime(MAX_HOLD_MS);
    await engine.settle();
    expect(engine.state.frames).toBe(2);
    gate.stop();
  });

  it('never keeps another source waiting: a geofence being drawn shows while the fleet is still in the worker', async () => {
    const engine = fakeMapLibre(2);
    const gate = gateRepaints(engine.map);
    gate.hold('rastro-fleet');
    engine.map.triggerRepaint();
    engine.setData('rastro-geofence-draft');
    await engine.settle();
    expect(engine.state.frames).toBeGreaterThanOrEqual(1);
    expect(gate.holding('rastro-fleet')).toBe(false);
    gate.stop();
  });

  it('gives the engine its own repaint back when stopped', async () => {
    const engine = fakeMapLibre(2);
    const own = engine.map.triggerRepaint;
    const gate = gateRepaints(engine.map);
    gate.hold('rastro-fleet');
    engine.setData('rastro-fleet');
    gate.stop();
    expect(engine.map.triggerRepaint).toBe(own);
    await engine.settle();
    expect(engine.state.frames).toBe(4);
  });
});
