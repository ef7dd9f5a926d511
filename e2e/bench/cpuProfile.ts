// The page's main thread sampled by the CPU profiler (CDP Profiler on the page's own target: its
// workers are not in it), and each long task the page itself saw (PerformanceObserver 'longtask')
// attributed to the functions sampled in it. Lighter than a full Chrome trace, which over a month's
// route (120 MB streamed, a worker parsing it) did not finish in minutes on a loaded machine.
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface TaskCulprits {
  /** Milliseconds after the given origin (negative: before it). */
  startMs: number;
  durationMs: number;
  /** The functions with the most self time in the task, `name file:line:column` (of the minified build: its source maps name the source) with their callers, ms. */
  functions: Array<{ frame: string; ms: number }>;
}

export interface MainThreadProfiler {
  /** Stops sampling; each task of `thresholdMs` or more (page times, ms) with what ran in it. */
  stop(tasks: Array<{ startedAt: number; duration: number }>, originMs: number, thresholdMs?: number): Promise<TaskCulprits[]>;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Starts sampling the page's main thread every `intervalUs` microseconds. */
export async function profileMainThread(page: Page, intervalUs = 1000): Promise<MainThreadProfiler> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.send('Profiler.start');
  // The profile's clock (microseconds) against the page's performance.now(): a function of a known
  // name runs 30 ms from a known page time, and its first sample ties the two clocks (a round trip's
  // guess was off by hundreds of milliseconds at load 15).
  const markedAt = await page.evaluate(() => {
    const started = performance.now();
    const rastroBenchClockMark = () => {
      while (performance.now() - started < 30);
    };
    rastroBenchClockMark();
    return started;
  });
  return {
    async stop(tasks, originMs, thresholdMs = 100) {
      const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
      await session.detach();
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const parent = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
      const frameOf = (id: number) => {
        const names: string[] = [];
        for (let at: number | undefined = id, depth = 0; at !== undefined && depth < 3; at = parent.get(at), depth += 1) {
          const frame = byId.get(at)?.callFrame;
          if (!frame) break;
          names.push(`${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop() ?? ''}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`);
        }
        return names.join(' < ');
      };
      // Each sample's time in page milliseconds, from the clock mark's first sample.
      const raw: Array<{ time: number; id: number; ms: number }> = [];
      let time = profile.startTime;
      (profile.samples ?? []).forEach((id, index) => {
        time += profile.timeDeltas?.[index] ?? 0;
        raw.push({ time, id, ms: (profile.timeDeltas?.[index + 1] ?? 0) / 1000 });
      });
      const mark = raw.find((sample) => byId.get(sample.id)?.callFrame.functionName === 'rastroBenchClockMark');
      const offset = markedAt - (mark ?? raw[0] ?? { time: profile.startTime }).time / 1000;
      const samples = raw.map((sample) => ({ at: sample.time / 1000 + offset, id: sample.id, ms: sample.ms }));
      return tasks
        .filter((task) => task.duration >= thresholdMs)
        .map((task) => {
          const functions = new Map<string, number>();
          for (const sample of samples) {
            if (sample.at < task.startedAt || sample.at > task.startedAt + task.duration) continue;
            const frame = frameOf(sample.id);
            functions.set(frame, (functions.get(frame) ?? 0) + sample.ms);
          }
          return {
            startMs: round(task.startedAt - originMs),
            durationMs: round(task.duration),
            functions: [...functions]
              .map(([frame, ms]) => ({ frame, ms: round(ms) }))
              .sort((a, b) => b.ms - a.ms)
              .slice(0, 8),
          };
        });
    },
  };
}
