// `pnpm --filter @rastro/e2e run bench:reports`: the browser's side of issue 18's speed targets, over
// a tracker database seeded by the tracker's reports bench (BENCH_DATA_DIR, see
// server/tracker/src/reports/fleet-reports.bench.ts). In headless Chromium against the real built apps,
// gateway and tracker: the route history of the first device over the last 30 days — from the route
// report's answer arriving to the table drawn, to the route drawn on the map, the long tasks on the
// way — then its spreadsheet downloaded. Prints one JSON document (numbers, no verdict): the
// tracker's answer (first and last byte after the request), the first row in the table after the
// request, the table ready after the last byte, the longest main-thread task and how many passed
// 100 ms from the request on.
//   BENCH_DATA_DIR, or BENCH_DATABASE_URL (a PostgreSQL database the tracker's bench seeded and kept,
//   BENCH_KEEP_DATABASE=1): one of them is required.  BENCH_DEVICES (500, as seeded)  CHROMIUM_HEADLESS_SHELL_PATH
//   BENCH_GATEWAY_PORT (58280)  BENCH_TRACKER_PORT (58282)  BENCH_OSMAND_PORT (55255)
//   BENCH_PROFILE=1: the main thread's CPU profile over the load, and each task of 100 ms (BENCH_CULPRIT_MS) or more
//   with the functions that ran in it (cpuProfile.ts), for the route and for each table. BENCH_TRACE=1: the same from a full Chrome
//   trace (longTaskTrace.ts; heavy: over a month's route it did not end in minutes at load 11);
//   BENCH_TRACE_FILE keeps the trace.
//   BENCH_SOFTWARE_COMPOSITING=1: Chromium composes in software (the e2e suite's BROWSER_ARGS), and
//   waits on the main thread for every WebGL frame SwiftShader draws; by default it composes on the
//   GPU process, as with a GPU (GPU_COMPOSITING_ARGS in ../tests/browsers.ts).
//   BENCH_XLSX=0: no spreadsheet.  BENCH_TABLES=0: no trips and summary tables (`tables`: the trips
//   helper's first page over 100 devices and 7 days, the summary of every device over 30 days, each from
//   Load to every row drawn, with its long tasks).
// Needs the production builds (`pnpm build`).
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { launchHeadlessShell } from '../tests/browsers';
import type { Page } from '@playwright/test';
import { profileMainThread } from './cpuProfile';
import type { TaskCulprits } from './cpuProfile';
import { longTaskCulprits, requestTs, TRACE_CATEGORIES } from './longTaskTrace';
import { startStack } from './stack';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] || fallback);
const dataDir = process.env.BENCH_DATA_DIR;
const databaseUrl = process.env.BENCH_DATABASE_URL;
/** The tasks that BENCH_PROFILE and BENCH_TRACE explain: from this length on (BENCH_CULPRIT_MS). */
const CULPRIT_FROM_MS = Number(process.env.BENCH_CULPRIT_MS ?? 100);
const devices = numberFromEnv('BENCH_DEVICES', 500);
const ports = { gatewayPort: numberFromEnv('BENCH_GATEWAY_PORT', 58280), trackerPort: numberFromEnv('BENCH_TRACKER_PORT', 58282), osmandPort: numberFromEnv('BENCH_OSMAND_PORT', 55255) };
const demo = { email: 'admin@rastro.demo', password: 'admin' };
const round = (value: number) => Math.round(value);

const log = (message: string) => process.stderr.write(`[reports-browser-bench] ${message}\n`);

declare global {
  interface Window {
    reportsBenchLongTasks: Array<{ startedAt: number; duration: number }>;
    reportsBenchFirstRowAt: number | null;
    reportsBenchProgramsLinkedAt: number[];
  }
}

/**
 * Runs inside the page before its scripts: every long task (over 50 ms) with its start, when the first
 * table row appeared, and when each WebGL program was linked (the map engine waits for the GPU's
 * compile the first time it draws a layer).
 */
function installLongTaskProbe(): void {
  window.reportsBenchLongTasks = [];
  window.reportsBenchFirstRowAt = null;
  window.reportsBenchProgramsLinkedAt = [];
  for (const context of [WebGLRenderingContext, WebGL2RenderingContext]) {
    const linkProgram = context.prototype.linkProgram;
    context.prototype.linkProgram = function (this: WebGLRenderingContext, program: WebGLProgram) {
      window.reportsBenchProgramsLinkedAt.push(performance.now());
      linkProgram.call(this, program);
    };
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.reportsBenchLongTasks.push({ startedAt: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const rows = new MutationObserver(() => {
    if (document.querySelector('[data-testid="report-row"]')) {
      window.reportsBenchFirstRowAt = performance.now();
      rows.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => rows.observe(document.body, { childList: true, subtree: true }));
}

/** performance.now() once the next frame after the call is painted. */
const afterNextPaint = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))));

/** The last request to `apiPath`, in the page's clock. */
const requestTiming = (page: Page, apiPath: string) =>
  page.evaluate((path) => {
    const entry = performance.getEntriesByType('resource').filter((resource) => resource.name.includes(path)).at(-1) as PerformanceResourceTiming;
    return { requestStart: entry.requestStart, responseStart: entry.responseStart, responseEnd: entry.responseEnd };
  }, apiPath);

type LongTask = Window['reportsBenchLongTasks'][number];

/** Every main-thread task over 50 ms since `from`, summed up; each as its start after `answerEnd` + its length. */
function longTaskFigures(longTasks: LongTask[], answerEnd: number) {
  return {
    longestMs: round(Math.max(0, ...longTasks.map((task) => task.duration))),
    over100Ms: longTasks.filter((task) => task.duration > 100).length,
    over50Ms: longTasks.length,
    totalMs: round(longTasks.reduce((sum, task) => sum + task.duration, 0)),
    // When each began after the answer's last byte (negative: before it), and how long it took.
    each: longTasks.map((task) => `${round(task.startedAt - answerEnd)}+${round(task.duration)}`),
  };
}

interface TableCase {
  name: string;
  /** The report's screen. */
  path: string;
  /** Its request, as the resource timing names it. */
  apiPath: string;
  deviceIds: number[];
  period: 'last7' | 'last30';
}

/**
 * One report's table over many devices, the filter set as the user left it (the screen reads it from
 * this browser's storage): from Load to every row drawn, as the route's above but without the map.
 */
async function tableTimings(page: Page, userId: number, table: TableCase) {
  const filter = { deviceIds: table.deviceIds, groupIds: [], period: { shortcut: table.period, customFrom: '', customTo: '' }, eventTypes: [], daily: false };
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [`rastro.reports.filter.${userId}`, JSON.stringify(filter)] as const);
  await page.goto(table.path);
  // The page was loaded anew: its map starts (programs compiled, 500 markers placed) before Load,
  // as in the app, where the map is up long before a report is asked for.
  await page.locator('[data-testid="live-map"][data-markers]').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(2_000);
  log(`${table.name}: loading`);
  const profiler = process.env.BENCH_PROFILE === '1' ? await profileMainThread(page) : null;
  await page.getByTestId('report-load').click();
  await page.locator('[data-testid="report-table"][aria-busy="false"]').waitFor({ timeout: 1_800_000 });
  const tableAt = await afterNextPaint(page);
  const timing = await requestTiming(page, table.apiPath);
  await page.waitForTimeout(1000);
  const longTasks = await page.evaluate((from) => window.reportsBenchLongTasks.filter((task) => task.startedAt >= from), timing.requestStart);
  const culprits = profiler ? await profiler.stop(longTasks, timing.responseEnd, CULPRIT_FROM_MS) : [];
  return {
    benchmark: table.name,
    rows: Number(await page.getByTestId('report-table').getAttribute('data-rows')),
    trackerFirstByteMs: round(timing.responseStart - timing.requestStart),
    trackerLastByteMs: round(timing.responseEnd - timing.requestStart),
    tableReadyAfterLastByteMs: round(tableAt - timing.responseEnd),
    longTasks: longTaskFigures(longTasks, timing.responseEnd),
    ...(culprits.length > 0 ? { culprits } : {}),
  };
}

async function main(): Promise<void> {
  if (!databaseUrl && (!dataDir || !existsSync(dataDir))) throw new Error('BENCH_DATA_DIR must name a folder seeded by `BENCH_DATA_DIR=… pnpm --filter @rastro/mf-reports bench` (or BENCH_DATABASE_URL a kept PostgreSQL one)');
  log(`starting the stack over ${databaseUrl ?? dataDir}`);
  // The simulator's step is an hour: the seeded month is what the reports read.
  // A month at 10 s: the installation raises Traccar's 50,000-fix route cap (TRACKER_ROUTE_LIMIT).
  const stack = await startStack({ ...ports, devices, simIntervalMs: 3_600_000, env: { TRACKER_ROUTE_LIMIT: '300000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { TRACKER_DATA_DIR: dataDir! }) } });
  const gpuCompositing = process.env.BENCH_SOFTWARE_COMPOSITING !== '1';
  const browser = await launchHeadlessShell({ gpuCompositing });
  try {
    const page = await browser.newPage({ baseURL: stack.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    // tsx (esbuild) wraps named functions in a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.addInitScript(installLongTaskProbe);
    await page.goto('/login');
    await page.locator('#login-email').fill(demo.email);
    await page.locator('#login-password').fill(demo.password);
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('user-menu').waitFor({ timeout: 120_000 });
    const first = ((await (await page.request.get('/api/devices')).json()) as Array<{ id: number; name: string }>).sort((a, b) => a.id - b.id)[0]!;

    await page.goto('/history');
    await page.getByTestId('filter-devices').getByRole('textbox').fill(first.name);
    await page.getByTestId('filter-devices').getByLabel(first.name, { exact: true }).check();
    await page.getByTestId('filter-period').selectOption('last30');
    log(`route history of ${first.name}`);
    const tracing = process.env.BENCH_TRACE === '1';
    if (tracing) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const profiler = process.env.BENCH_PROFILE === '1' ? await profileMainThread(page) : null;
    // A hang shows what the page was showing (BENCH_SCREENSHOT: where to keep it).
    page.setDefaultTimeout(300_000);
    if (process.env.BENCH_SCREENSHOT) setTimeout(() => void page.screenshot({ path: process.env.BENCH_SCREENSHOT, fullPage: true }).catch(() => undefined), 120_000).unref();
    await page.evaluate(() => (window.reportsBenchFirstRowAt = null));
    await page.getByTestId('report-load').click();
    // Waited on the page's state, not on Playwright's response events: over a 120 MB answer read as a
    // stream, its "finished" sometimes never came (3 runs of 6 hung with the page done). The table
    // shows a long route's first rows while the rest arrives (aria-busy): ready once every row is in.
    await page.locator('[data-testid="report-table"][aria-busy="false"]').waitFor({ timeout: 600_000 });
    const tableAt = await afterNextPaint(page);
    const rows = Number(await page.getByTestId('report-table').getAttribute('data-rows'));
    log(`table ready with ${rows} rows; waiting for the map`);
    // The map gets a long route simplified (mf-reports' routeColumns.ts): any fixes drawn.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="live-map"]')?.getAttribute('data-route')) > 0, undefined, { timeout: 600_000, polling: 100 });
    const mapAt = await afterNextPaint(page);
    const mapPoints = Number(await page.getByTestId('live-map').getAttribute('data-route'));
    const timing = await requestTiming(page, '/api/reports/route');
    // A second on: the engine's own work on the route lands after the frame that shows it.
    await page.waitForTimeout(1000);
    const longTasks = await page.evaluate((from) => window.reportsBenchLongTasks.filter((task) => task.startedAt >= from), timing.requestStart);
    const openingTasks = await page.evaluate((until) => window.reportsBenchLongTasks.filter((task) => task.startedAt < until), timing.requestStart);
    const firstRowAt = await page.evaluate(() => window.reportsBenchFirstRowAt);
    const programsLinkedAt = await page.evaluate(() => window.reportsBenchProgramsLinkedAt);
    let culprits: Array<ReturnType<typeof longTaskCulprits>[number] | TaskCulprits> = [];
    if (profiler) culprits = await profiler.stop(longTasks, timing.responseEnd, CULPRIT_FROM_MS);
    if (tracing) {
      log('reading the trace');
      const text = (await browser.stopTracing()).toString('utf8');
      if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, text);
      const trace = JSON.parse(text) as Parameters<typeof longTaskCulprits>[0];
      const route = requestTs(trace, '/api/reports/route');
      culprits = longTaskCulprits(trace, route.finished, CULPRIT_FROM_MS, route.sent);
    }

    let exportMs: number | null = null;
    if (process.env.BENCH_XLSX !== '0') {
      log('its spreadsheet');
      const exportStarted = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 600_000 }), page.getByTestId('report-export').click()]);
      await download.path();
      exportMs = Date.now() - exportStarted;
    }

    // The other tables of the fleet: the trips helper's first page over 100 devices and 7 days,
    // and the summary of every device over 30 days.
    const tables = [];
    if (process.env.BENCH_TABLES !== '0') {
      const session = (await (await page.request.get('/api/session')).json()) as { id: number };
      const ids = ((await (await page.request.get('/api/devices')).json()) as Array<{ id: number }>).map((device) => device.id).sort((a, b) => a - b);
      const cases: TableCase[] = [
        { name: `trips, ${Math.min(100, ids.length)} devices, last 7 days (first page)`, path: '/reports/travels', apiPath: '/api/reports/trips', deviceIds: ids.slice(0, 100), period: 'last7' },
        { name: `summary, ${ids.length} devices, last 30 days`, path: '/reports/resume', apiPath: '/api/reports/summary', deviceIds: ids, period: 'last30' },
      ];
      for (const table of cases) {
        const figures = await tableTimings(page, session.id, table);
        log(`${table.name}: ${JSON.stringify(figures)}`);
        tables.push(figures);
      }
    }

    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: 'route history of one device over the last 30 days, in the browser',
          machine: { cores: cpus().length, loadAverage: loadavg().map((value) => Math.round(value * 10) / 10), compositing: gpuCompositing ? 'GPU process (SwiftShader)' : 'software' },
          rows,
          mapPoints,
          // The tracker's answer through the gateway: its first byte, and its last, after the request.
          trackerFirstByteMs: round(timing.responseStart - timing.requestStart),
          trackerLastByteMs: round(timing.responseEnd - timing.requestStart),
          firstRowAfterRequestMs: firstRowAt === null ? null : round(firstRowAt - timing.requestStart),
          tableReadyAfterLastByteMs: round(tableAt - timing.responseEnd),
          mapDrawnAfterLastByteMs: round(mapAt - timing.responseEnd),
          // Every main-thread task over 50 ms from the request on (the browser's own long-task entries).
          longTasks: longTaskFigures(longTasks, timing.responseEnd),
          // The screen's opening, before Load: the map's start, the filter typed into, the route layers warmed up.
          screenOpeningLongTasks: longTaskFigures(openingTasks, timing.requestStart),
          // WebGL programs linked before the request (the map's start, the warm-up), and each one after
          // it, as its time after the last byte: the frame that links one waits for its compile.
          gpuProgramsLinked: {
            beforeRequest: programsLinkedAt.filter((at) => at < timing.requestStart).length,
            afterRequest: programsLinkedAt.filter((at) => at >= timing.requestStart).map((at) => round(at - timing.responseEnd)),
          },
          ...(culprits.length > 0 ? { culprits } : {}),
          xlsxDownloadMs: exportMs,
          tables,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
