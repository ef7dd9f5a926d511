// `pnpm --filter @rastro/e2e run bench:reports`: the browser's side of issue 18's speed targets, over
// a tracker database seeded by the tracker's reports bench (BENCH_DATA_DIR, see
// server/tracker/src/reports/fleet-reports.bench.ts). In headless Chromium against the real built apps,
// gateway and tracker: the route history of the first device over the last 30 days — from the route
// report's answer arriving to the table drawn, to the route drawn on the map, the long tasks on the
// way — then its spreadsheet downloaded. Prints one JSON document (numbers, no verdict).
//   BENCH_DATA_DIR, or BENCH_DATABASE_URL (a PostgreSQL database the tracker's bench seeded and kept,
//   BENCH_KEEP_DATABASE=1): one of them is required.  BENCH_DEVICES (500, as seeded)  CHROMIUM_PATH
//   BENCH_GATEWAY_PORT (58280)  BENCH_TRACKER_PORT (58282)  BENCH_OSMAND_PORT (55255)
// Needs the production builds (`pnpm build`).
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startStack } from './stack';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] || fallback);
const dataDir = process.env.BENCH_DATA_DIR;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const devices = numberFromEnv('BENCH_DEVICES', 500);
const ports = { gatewayPort: numberFromEnv('BENCH_GATEWAY_PORT', 58280), trackerPort: numberFromEnv('BENCH_TRACKER_PORT', 58282), osmandPort: numberFromEnv('BENCH_OSMAND_PORT', 55255) };
const demo = { email: 'admin@rastro.demo', password: 'admin' };
const round = (value: number) => Math.round(value);

const log = (message: string) => process.stderr.write(`[reports-browser-bench] ${message}\n`);

declare global {
  interface Window {
    reportsBenchLongTasks: Array<{ startedAt: number; duration: number }>;
  }
}

/** Runs inside the page before its scripts: every long task (over 50 ms) with its start. */
function installLongTaskProbe(): void {
  window.reportsBenchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.reportsBenchLongTasks.push({ startedAt: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** performance.now() once the next frame after the call is painted. */
const afterNextPaint = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))));

async function main(): Promise<void> {
  if (!databaseUrl && (!dataDir || !existsSync(dataDir))) throw new Error('BENCH_DATA_DIR must name a folder seeded by `BENCH_DATA_DIR=… pnpm --filter @rastro/mf-reports bench` (or BENCH_DATABASE_URL a kept PostgreSQL one)');
  log(`starting the stack over ${databaseUrl ?? dataDir}`);
  // The simulator's step is an hour: the seeded month is what the reports read.
  // A month at 10 s: the installation raises Traccar's 50,000-fix route cap (TRACKER_ROUTE_LIMIT).
  const stack = await startStack({ ...ports, devices, simIntervalMs: 3_600_000, env: { TRACKER_ROUTE_LIMIT: '300000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { TRACKER_DATA_DIR: dataDir! }) } });
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
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
    const answered = page.waitForResponse((response) => response.url().includes('/api/reports/route'), { timeout: 600_000 });
    await page.getByTestId('report-load').click();
    const response = await answered;
    await response.finished();
    await page.getByTestId('report-table').waitFor({ timeout: 600_000 });
    const tableAt = await afterNextPaint(page);
    const rows = Number(await page.getByTestId('report-table').getAttribute('data-rows'));
    // The map gets a long route simplified (mf-reports' routeColumns.ts): any fixes drawn.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="live-map"]')?.getAttribute('data-route')) > 0, undefined, { timeout: 600_000, polling: 100 });
    const mapAt = await afterNextPaint(page);
    const mapPoints = Number(await page.getByTestId('live-map').getAttribute('data-route'));
    const timing = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').filter((resource) => resource.name.includes('/api/reports/route')).at(-1) as PerformanceResourceTiming;
      return { requestStart: entry.requestStart, responseStart: entry.responseStart, responseEnd: entry.responseEnd };
    });
    // A second on: the engine's own work on the route lands after the frame that shows it.
    await page.waitForTimeout(1000);
    const longTasks = await page.evaluate((from) => window.reportsBenchLongTasks.filter((task) => task.startedAt >= from), timing.responseEnd);

    log('its spreadsheet');
    const exportStarted = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 600_000 }), page.getByTestId('report-export').click()]);
    await download.path();
    const exportMs = Date.now() - exportStarted;

    process.stdout.write(
      `${JSON.stringify(
        {
          benchmark: 'route history of one device over the last 30 days, in the browser',
          machine: { cores: cpus().length, loadAverage: loadavg().map((value) => Math.round(value * 10) / 10) },
          rows,
          mapPoints,
          answerWaitedMs: round(timing.responseStart - timing.requestStart),
          answerDownloadMs: round(timing.responseEnd - timing.responseStart),
          answerToTableMs: round(tableAt - timing.responseEnd),
          answerToMapMs: round(mapAt - timing.responseEnd),
          longTasks: {
            count: longTasks.length,
            longestMs: round(Math.max(0, ...longTasks.map((task) => task.duration))),
            totalMs: round(longTasks.reduce((sum, task) => sum + task.duration, 0)),
            // When each began after the answer's last byte, and how long it took: which step they belong to.
            each: longTasks.map((task) => `${round(task.startedAt - timing.responseEnd)}+${round(task.duration)}`),
          },
          xlsxDownloadMs: exportMs,
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
