/**
 * One piece of work per animation frame, however many times it is asked for in between: a burst
 * of thousands of fixes wakes the loop once and costs one render. While the work says it has more
 * to do (a marker still gliding), the loop keeps running; then it sleeps until woken again.
 */
export interface FrameLoop {
  wake(): void;
  stop(): void;
}

export interface FrameClock {
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
}

const browserClock: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** `step` runs once per frame while awake; it returns whether it wants another frame. */
export function createFrameLoop(step: (now: number) => boolean, clock: FrameClock = browserClock): FrameLoop {
  let handle: number | null = null;
  let stopped = false;
  const run = (now: number) => {
    handle = null;
    if (stopped) return;
    if (step(now)) handle = clock.request(run);
  };
  return {
    wake: () => {
      if (handle === null && !stopped) handle = clock.request(run);
    },
    stop: () => {
      stopped = true;
      if (handle !== null) clock.cancel(handle);
      handle = null;
    },
  };
}
