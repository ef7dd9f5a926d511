// `pnpm --filter @rastro/mf-map bench` (and the root `pnpm bench`): the live map in headless
// Chromium against the real built apps, gateway and tracker, for fleets of BENCH_DEVICES devices
// (default "1000,10000") at BENCH_POSITIONS_PER_SECOND fixes a second (1000) for BENCH_SECONDS
// (60) of steady state. Prints one JSON document with the numbers and the verdict per target.
//   BENCH_TRACE_DIR: also write a Chrome trace of the first BENCH_TRACE_SECONDS (5) of steady state there
//   BENCH_GATEWAY_PORT (58080)  BENCH_TRACKER_PORT (58082)  BENCH_OSMAND_PORT (55055)  CHROMIUM_HEADLESS_SHELL_PATH
// Needs the production builds (`pnpm build`) and Debian's chromium-headless-shell (`apt-get install -y chromium-headless-shell`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchHeadlessShell } from '../tests/browsers';
import type { CDPSession, Page } from '@playwright/test';
import { installPageProbes } from './pageProbes';
import type { PageProbes } from './pageProbes';
import { startStack } from './stack';
import { longTasksBetween, simIntervalFor, TARGETS, verdictOf } from './verdict';
import type { ScenarioNumbers } from './verdict';

const fleets = (process.env.BENCH_DEVICES ?? '1000,10000').split(',').map(Number).filter((count) => count > 0);
const steadySeconds = Number(process.env.BENCH_SECONDS ?? 60);
const positionsPerSecond = Number(process.env.BENCH_POSITIONS_PER_SECOND ?? 1000);
const ports = {
  gatewayPort: Number(process.env.BENCH_GATEWAY_PORT ?? 58080),
  trackerPort: Number(process.env.BENCH_TRACKER_PORT ?? 58082),
  osmandPort: Number(process.env.BENCH_OSMAND_PORT ?? 55055),
};
/** After the last marker arrives, the page gets this long to settle before steady state is measured. */
const SETTLE_MS = 5_000;
const HEAP_SAMPLE_MS = 5_000;
const demo = { email: 'admin@rastro.demo', password: 'admin' };
const MB = 1024 * 1024;

const log = (message: string) => process.stderr.write(`[map-bench] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const probes = (page: Page) => page.evaluate(() => window.rastroBench);

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).JSHeapUsedSize! / MB;
}

/**
 * A Chrome trace (timeline, GPU waits) for a profiler: where the main thread's time goes. Without V8's
 * sampling profiler, whose start shows up as a long task of its own.
 */
async function traceSteadyState(page: Page, file: string): Promise<void> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { path: file, screenshots: false, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'gpu', 'cc', 'toplevel'] });
  await sleep(Number(process.env.BENCH_TRACE_SECONDS ?? 5) * 1000);
  await browser.stopTracing();
  log(`trace written to ${file}`);
}

async function runScenario(devices: number): Promise<ScenarioNumbers> {
  const stack = await startStack({ ...ports, devices, simIntervalMs: simIntervalFor(devices, positionsPerSecond) });
  const browser = await launchHeadlessShell();
  try {
    const page = await browser.newPage({ baseURL: stack.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    // Counted from the runner's side so the page does no extra parsing.
    let positionsReceived = 0;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('{"positions"')) positionsReceived += (JSON.parse(payload) as { positions: unknown[] }).positions.length;
      }),
    );
    // tsx (esbuild) wraps named functions in a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.addInitScript(installPageProbes);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    await page.goto('/login');
    await page.locator('#login-email').fill(demo.email);
    await page.locator('#login-password').fill(demo.password);
    await page.evaluate((target) => (window.rastroBench.markersTarget = target), devices);
    const loginAt = Date.now();
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => window.rastroBench.allMarkersAt !== null, undefined, { timeout: 120_000, polling: 250 });
    const loaded: PageProbes = await probes(page);
    const zoom = await page.getByTestId('live-map').getAttribute('data-zoom');
    log(`${devices} devices: all markers drawn ${Math.round(loaded.allMarkersAt! - loginAt)} ms after login, zoom ${zoom}`);

    await sleep(SETTLE_MS);
    const heapStart = await heapAfterGc(cdp);
    const startMetrics = await metrics(cdp);
    const start = await probes(page);
    const steadyFrom = Date.now();
    const positionsAtStart = positionsReceived;
    const heapSamples: number[] = [];
    if (process.env.BENCH_TRACE_DIR) await traceSteadyState(page, path.join(process.env.BENCH_TRACE_DIR, `map-bench-${devices}.json`));
    while (Date.now() - steadyFrom < steadySeconds * 1000) {
      await sleep(Math.min(HEAP_SAMPLE_MS, steadySeconds * 1000 - (Date.now() - steadyFrom)));
      heapSamples.push(Math.round((await metrics(cdp)).JSHeapUsedSize! / MB));
    }
    const endMetrics = await metrics(cdp);
    const end = await probes(page);
    const steadyTo = Date.now();
    const heapEnd = await heapAfterGc(cdp);

    const elapsed = endMetrics.Timestamp! - startMetrics.Timestamp!;
    const steady = longTasksBetween(end.longTasks, steadyFrom, steadyTo);
    const load = longTasksBetween(end.longTasks, loginAt, steadyFrom);
    const round = (value: number, digits = 3) => Number(value.toFixed(digits));
    const busy = (metric: string) => round((endMetrics[metric]! - startMetrics[metric]!) / elapsed);
    return {
      devices,
      markersDrawn: end.markers,
      loginToAllMarkersMs: loaded.allMarkersAt === null ? null : Math.round(loaded.allMarkersAt - loginAt),
      // Negative when the markers were all drawn (from the positions fetched at login) before the socket spoke.
      firstSocketMessageToAllMarkersMs: loaded.allMarkersAt === null || start.firstSocketMessageAt === null ? null : Math.round(loaded.allMarkersAt - start.firstSocketMessageAt),
      steadySeconds: round(elapsed, 1),
      positionsPerSecond: Math.round((positionsReceived - positionsAtStart) / elapsed),
      mainThreadBusy: busy('TaskDuration'),
      scriptBusy: busy('ScriptDuration'),
      layoutAndStyleBusy: round(busy('LayoutDuration') + busy('RecalcStyleDuration')),
      longTasksSteady: steady.count,
      longestSteadyTaskMs: steady.longestMs,
      longTasksDuringLoad: load.count,
      longestLoadTaskMs: load.longestMs,
      heapAfterGcStartMB: round(heapStart, 1),
      heapAfterGcEndMB: round(heapEnd, 1),
      heapSamplesMB: heapSamples,
      framesPerSecond: round((end.frames - start.frames) / elapsed, 1),
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function main(): Promise<void> {
  const mapBuild = path.resolve(__dirname, '..', '..', 'mf-map', 'dist', 'mf-manifest.json');
  if (!existsSync(mapBuild)) throw new Error('no production build of the map: run `pnpm build` first');
  const scenarios = [];
  for (const devices of fleets) {
    const numbers = await runScenario(devices);
    scenarios.push({ ...numbers, verdict: verdictOf(numbers) });
  }
  console.log(JSON.stringify({ benchmark: 'mf-map live map', steadySeconds, positionsPerSecond, targets: TARGETS, scenarios }, null, 2));
}

main().catch((error: unknown) => {
  console.error('[map-bench] failed:', error);
  process.exit(1);
});
