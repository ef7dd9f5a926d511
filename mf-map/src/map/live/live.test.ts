import { changedEntries } from './changedEntries';
import { createFrameLoop } from './frameLoop';
import { sourceUpdateInterval } from './liveFleet';
import type { FrameClock } from './frameLoop';
import { interpolate, MARKER_ANIMATION_MS, MarkerMotion } from './markerMotion';

function fakeClock() {
  const queue: Array<(now: number) => void> = [];
  const clock: FrameClock = { request: (callback) => queue.push(callback), cancel: () => queue.splice(0) };
  return { clock, pending: () => queue.length, frame: (now: number) => queue.splice(0).forEach((callback) => callback(now)) };
}

describe('frame loop (update coalescing)', () => {
  it('runs once per frame however many wake-ups a burst brings', () => {
    const { clock, frame, pending } = fakeClock();
    const step = jest.fn(() => false);
    const loop = createFrameLoop(step, clock);
    for (let fix = 0; fix < 5000; fix += 1) loop.wake();
    expect(pending()).toBe(1);
    frame(16);
    expect(step).toHaveBeenCalledTimes(1);
    expect(pending()).toBe(0);
  });

  it('keeps running while the work wants more frames, and stops for good when stopped', () => {
    const { clock, frame, pending } = fakeClock();
    let framesWanted = 2;
    const loop = createFrameLoop(() => framesWanted-- > 0, clock);
    loop.wake();
    frame(1);
    frame(2);
    frame(3);
    expect(pending()).toBe(0);
    loop.stop();
    loop.wake();
    expect(pending()).toBe(0);
  });
});

describe('marker motion (500 ms interpolation)', () => {
  it('glides from the drawn place to the new fix in 500 ms, eased', () => {
    const motion = new MarkerMotion();
    motion.moveTo(1, [0, 0], 0);
    expect(motion.gliding).toBe(0);
    motion.moveTo(1, [1, 2], 1000);
    expect(motion.gliding).toBe(1);
    const half = motion.positionAt(1, 1000 + MARKER_ANIMATION_MS / 2)!;
    expect(half[0]).toBeCloseTo(0.75);
    expect(half[1]).toBeCloseTo(1.5);
    expect(motion.advance(1000 + MARKER_ANIMATION_MS)).toEqual([[1, [1, 2]]]);
    expect(motion.gliding).toBe(0);
    expect(motion.advance(2000)).toEqual([]);
  });

  it('starts a new glide from where the marker is drawn when a fix lands mid-way', () => {
    const motion = new MarkerMotion();
    motion.moveTo(1, [0, 0], 0);
    motion.moveTo(1, [2, 0], 1000);
    motion.moveTo(1, [2, 2], 1250);
    const start = motion.positionAt(1, 1250)!;
    expect(start[0]).toBeCloseTo(1.5);
    expect(motion.positionAt(1, 1750)).toEqual([2, 2]);
  });

  it('jumps when told not to animate (off screen, far zoom) and forgets removed devices', () => {
    const motion = new MarkerMotion();
    motion.moveTo(1, [0, 0], 0);
    motion.moveTo(1, [5, 5], 10, false);
    expect(motion.positionAt(1, 10)).toEqual([5, 5]);
    expect(motion.gliding).toBe(0);
    motion.forget(1);
    expect(motion.positionAt(1, 10)).toBeUndefined();
  });

  it('crosses the antimeridian the short way', () => {
    const [lng] = interpolate([179, 0], [-179, 0], 0.5);
    expect(lng).toBeCloseTo(-179.5);
  });
});

describe('changed entries of a store snapshot', () => {
  it('finds replaced and removed objects, by identity', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    expect(changedEntries({ 1: a, 2: b }, { 1: a, 2: { id: 2 }, 3: c })).toEqual({ changed: [2, 3], removed: [] });
    expect(changedEntries<{ id: number }>({ 1: a, 2: b }, { 1: a })).toEqual({ changed: [], removed: [2] });
  });
});

describe('source update pacing', () => {
  it('updates small fleets every frame, and gathers a large fleet\'s jumps for longer than its glides', () => {
    expect(sourceUpdateInterval(1_000, false)).toBe(0);
    expect(sourceUpdateInterval(10_000, true)).toBeLessThanOrEqual(150);
    expect(sourceUpdateInterval(10_000, false)).toBe(1_000);
    expect(sourceUpdateInterval(10_000, false)).toBeGreaterThan(sourceUpdateInterval(10_000, true));
  });
});
