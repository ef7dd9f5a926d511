// What the page's long tasks were doing, from a Chrome trace (Playwright's browser.startTracing with
// TRACE_CATEGORIES): the main thread's tasks over a threshold, each with the functions the sampling
// profiler found running in it (self time) and the engine's own steps (GC, layout, paint…).

/** The categories to trace for longTaskCulprits: tasks, the timeline's events and CPU samples. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.gc', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (microseconds): less than `dur` when it was waiting or not scheduled. */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface LongTaskCulprit {
  /** Milliseconds after `fromTs` (the trace's microseconds). */
  startMs: number;
  durationMs: number;
  /**
   * The main thread's CPU time in the task: far below `durationMs` when the thread waited (on the GPU
   * process, say) or was not given a core (the machine busy with the tracker, the database…).
   */
  cpuMs: number | null;
  /** `name url:line:col` with its self time in the task, most first. */
  functions: Array<{ frame: string; ms: number }>;
  /** The engine's own events inside the task (GC, layout, parse…), by name, most first. */
  steps: Array<{ name: string; ms: number }>;
}

const round = (value: number) => Math.round(value * 10) / 10;
const top = <T extends { ms: number }>(items: T[], count: number) => items.sort((a, b) => b.ms - a.ms).slice(0, count).map((item) => ({ ...item, ms: round(item.ms) }));

/** The renderer's main thread with the most long tasks: the page's own (other renderers idle). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; busy: number } | null = null;
  for (const { pid, tid } of mains) {
    const busy = events.filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0);
    if (!best || busy > best.busy) best = { pid, tid, busy };
  }
  return best && { pid: best.pid, tid: best.tid };
}

/** Every CPU sample of the thread: when, and which call frame with its two callers. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Array<{ ts: number; frame: string }> {
  const samples: Array<{ ts: number; frame: string }> = [];
  const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
  const frameOf = (id: number) => {
    const names: string[] = [];
    for (let node = nodes.get(id), depth = 0; node && depth < 3; node = node.parent === undefined ? undefined : nodes.get(node.parent), depth += 1) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      names.push(`${functionName || '(anonymous)'} ${(url ?? '').split('/').pop() ?? ''}:${lineNumber + 1}:${columnNumber + 1}`);
    }
    return names.join(' < ');
  };
  let ts = 0;
  // The page's workers have profiles of their own in the same process: only the main thread's, by its id.
  let profile: string | undefined;
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) {
      profile = event.id;
      ts = Number((event.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
    }
    if (event.name !== 'ProfileChunk' || profile === undefined || event.id !== profile) continue;
    const data = event.args?.data as { cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame; parent?: number }>; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, { callFrame: node.callFrame, parent: node.parent });
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ ts, frame: frameOf(id) });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/**
 * The main thread's tasks of at least `thresholdMs` from `sinceTs` on (trace microseconds), with what
 * ran in them; their starts in milliseconds after `fromTs` (negative: before it).
 */
export function longTaskCulprits(trace: { traceEvents?: TraceEvent[] } | TraceEvent[], fromTs: number, thresholdMs = 100, sinceTs = fromTs): LongTaskCulprit[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const main = mainThread(events);
  if (!main) return [];
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const samples = samplesOf(events, main.pid, main.tid);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= sinceTs && (event.dur ?? 0) >= thresholdMs * 1000);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const functions = new Map<string, number>();
    let previous: number | null = null;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      if (previous !== null) functions.set(sample.frame, (functions.get(sample.frame) ?? 0) + (sample.ts - previous) / 1000);
      previous = sample.ts;
    }
    const steps = new Map<string, number>();
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts > end || event.name === 'RunTask') continue;
      steps.set(event.name, (steps.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    return {
      startMs: round((task.ts - fromTs) / 1000),
      durationMs: round((task.dur ?? 0) / 1000),
      cpuMs: task.tdur === undefined ? null : round(task.tdur / 1000),
      functions: top([...functions].map(([frame, ms]) => ({ frame, ms })), 8),
      steps: top([...steps].map(([name, ms]) => ({ name, ms })), 8),
    };
  });
}

/** When the requests whose URL holds `urlPart` were first sent and last finished loading (trace microseconds), or 0. */
export function requestTs(trace: { traceEvents?: TraceEvent[] } | TraceEvent[], urlPart: string): { sent: number; finished: number } {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const data = (event: TraceEvent) => (event.args?.data ?? {}) as { requestId?: string; url?: string };
  const sent = events.filter((event) => event.name === 'ResourceSendRequest' && String(data(event).url ?? '').includes(urlPart));
  const ids = new Set(sent.map((event) => data(event).requestId));
  const finished = events.filter((event) => event.name === 'ResourceFinish' && ids.has(data(event).requestId));
  return { sent: sent.reduce((first, event) => Math.min(first, event.ts), Infinity) || 0, finished: finished.reduce((latest, event) => Math.max(latest, event.ts), 0) };
}
