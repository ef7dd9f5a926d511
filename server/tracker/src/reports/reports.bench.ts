// Trips and stops reports over one device-month at 10 s intervals (≈259,200 positions): first the
// detection alone over an in-memory track, then end to end (PGlite on disk, HTTP, JSON).
// Run by `pnpm bench` (after the fleet benchmark) or alone: `tsx src/reports/reports.bench.ts`.
//   BENCH_REPORTS_E2E=0 skips the end-to-end part (storing the month takes a while).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DevicesRepository } from '../db/devices-repository';
import { openDatabase } from '../db/open-database';
import { PositionsRepository } from '../db/positions-repository';
import type { PositionRecord } from '../entities/position';
import { demoAccount } from '../seed/demo-accounts';
import { startTracker } from '../start-tracker';
import { login } from '../test-support/tracker-client';
import { stopItem, tripItem } from './report-items';
import { summarize, summaryPeriods } from './summary';
import { TrackBuilder } from './track-builder';
import { detectTripsAndStops } from './trips-and-stops';
import { TRACCAR_TRIPS_CONFIG } from './trips-config';

const MONTH_START = new Date('2024-05-01T00:00:00Z');
const MONTH_END = new Date('2024-05-31T00:00:00Z');
const STORE_CHUNK = 2_000;

/** 30 days of 40 min drives at 50 km/h and 80 min halts: 720 fixes every 2 hours. */
function deviceMonth(deviceId: number): PositionRecord[] {
  const builder = new TrackBuilder({ deviceId, start: MONTH_START });
  for (let cycle = 0; cycle < 30 * 12; cycle++) builder.drive(40, 50).park(80);
  return builder.build();
}

function timed<T>(work: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
}

async function timedAsync<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const rate = (count: number, ms: number) => `${Math.round(count / (ms / 1000)).toLocaleString('en')} positions/s`;

function benchDetection(): void {
  const { result: track, ms: buildMs } = timed(() => deviceMonth(1));
  console.log(`reports: built a device-month of ${track.length.toLocaleString('en')} positions in ${buildMs.toFixed(0)} ms`);
  const device = { id: 1, name: 'bench', attributes: {} };
  // Once to warm the JIT, then the measured run.
  detectTripsAndStops(track, TRACCAR_TRIPS_CONFIG);
  const detection = timed(() => {
    const { trips, stops } = detectTripsAndStops(track, TRACCAR_TRIPS_CONFIG);
    return { trips: trips.map((trip) => tripItem(device, trip, new Map())), stops: stops.map((stop) => stopItem(device, stop)) };
  });
  console.log(
    `reports: trips + stops detection (in memory): ${detection.ms.toFixed(0)} ms → ${detection.result.trips.length} trips, ${detection.result.stops.length} stops (${rate(track.length, detection.ms)})`,
  );
  const summary = timed(() => summarize(device, track, summaryPeriods(MONTH_START, MONTH_END, true)));
  console.log(`reports: daily summary (in memory): ${summary.ms.toFixed(0)} ms → ${summary.result.length} rows`);
}

async function benchEndToEnd(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rastro-reports-bench-'));
  try {
    const options = { port: 0, host: '127.0.0.1', dataDir, simulator: { enabled: false, devices: 1 } };
    await (await startTracker(options)).close();

    const db = await openDatabase({ dataDir });
    let deviceId: number;
    try {
      deviceId = (await new DevicesRepository(db).findAll())[0]!.id;
      const track = deviceMonth(deviceId);
      const positions = new PositionsRepository(db);
      const store = await timedAsync(async () => {
        for (let start = 0; start < track.length; start += STORE_CHUNK) await positions.insertMany(track.slice(start, start + STORE_CHUNK));
      });
      console.log(`reports: stored the month in PGlite: ${(store.ms / 1000).toFixed(1)} s (${rate(track.length, store.ms)})`);
    } finally {
      await db.close();
    }

    const tracker = await startTracker(options);
    try {
      const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
      const range = `deviceId=${deviceId}&from=${MONTH_START.toISOString()}&to=${MONTH_END.toISOString()}`;
      for (const [path, extra] of [['trips', ''], ['stops', ''], ['summary', '&daily=true']] as const) {
        const { result: rows, ms } = await timedAsync(async () => {
          const response = await fetch(`${tracker.url}/api/reports/${path}?${range}${extra}`, { headers: { cookie, accept: 'application/json' } });
          if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
          return (await response.json()) as unknown[];
        });
        console.log(`reports: GET /api/reports/${path}${extra ? ` (${extra.slice(1)})` : ''} over the month (end to end): ${ms.toFixed(0)} ms → ${rows.length} rows`);
      }
    } finally {
      await tracker.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchReports(): Promise<void> {
  benchDetection();
  if (process.env.BENCH_REPORTS_E2E !== '0') await benchEndToEnd();
}

if (require.main === module) {
  benchReports().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
