// `pnpm --filter @rastro/mf-reports bench` (or `pnpm --filter @rastro/tracker bench:fleet-reports`):
// issue 18's reports over a large fleet, answered by the tracker. Seeds BENCH_DEVICES devices with
// BENCH_DAYS days of positions every BENCH_INTERVAL_S seconds straight into the database (one
// INSERT … SELECT generate_series per device, not by waiting for the simulator), then times, over
// HTTP with the demo administrator's session:
//   - the route report of one device over the whole period (JSON, and its .xlsx);
//   - the trips report of BENCH_TRIPS_DEVICES devices over the last BENCH_TRIPS_DAYS days (every
//     trip, and the first page of 25 as the trips screen asks);
//   - the summary of every device over the whole period.
// Prints one JSON document with the numbers (no verdict: they depend on the machine and its load).
//   BENCH_DEVICES (500)  BENCH_DAYS (30)  BENCH_INTERVAL_S (10)  BENCH_TRIPS_DEVICES (100)  BENCH_TRIPS_DAYS (7)
//   BENCH_DATABASE_URL: a PostgreSQL server to seed a scratch database of (dropped at the end);
//   without it, PGlite in a temporary folder, as `npm start` runs — far slower at these sizes
//   (500 × 30 days at 10 s is 129.6 million positions).
//   BENCH_DATA_DIR: PGlite in this (new) folder, kept afterwards, for the browser's part
//   (`pnpm --filter @rastro/e2e run bench:reports`, e2e/bench/reports-browser-bench.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase } from '@rastro/db';
import { openDatabase } from '../db/open-database';
import { demoAccount } from '../seed/demo-accounts';
import { startTracker } from '../start-tracker';
import { login } from '../test-support/tracker-client';
import { XLSX_MIME } from './spreadsheet';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] || fallback);
const devices = numberFromEnv('BENCH_DEVICES', 500);
const days = numberFromEnv('BENCH_DAYS', 30);
const intervalSeconds = numberFromEnv('BENCH_INTERVAL_S', 10);
const tripsDevices = Math.min(devices, numberFromEnv('BENCH_TRIPS_DEVICES', 100));
const tripsDays = Math.min(days, numberFromEnv('BENCH_TRIPS_DAYS', 7));
const DAY_MS = 86_400_000;
/** Midnight UTC, `days` before today: the period ends where the last fix is. */
const periodEnd = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
const periodStart = new Date(periodEnd.getTime() - days * DAY_MS);

const log = (message: string) => process.stderr.write(`[fleet-reports-bench] ${message}\n`);

/**
 * One device's period: 40 minutes driving round a loop at about 50 km/h, then 80 minutes parked,
 * over and over (12 trips a day), with the attributes a real tracker sends.
 */
const SEED_SQL = `
INSERT INTO positions (deviceid, protocol, servertime, devicetime, fixtime, valid, latitude, longitude, altitude, speed, course, accuracy, attributes)
SELECT $1, 'osmand', t, t, t, true,
       $4 + 0.02 * sin(driven / 300.0), $5 + 0.02 * cos(driven / 300.0), 760,
       CASE WHEN driving THEN 27 ELSE 0 END, (driven % 360), 5,
       jsonb_build_object('ignition', driving, 'motion', driving, 'sat', 10, 'batteryLevel', 90, 'odometer', driven * 140, 'distance', CASE WHEN driving THEN 140 ELSE 0 END)
FROM (
  SELECT $2::timestamptz + make_interval(secs => i * $3) AS t,
         (i * $3) % 7200 < 2400 AS driving,
         (i * $3) / 7200 * (2400 / $3) + LEAST((i * $3) % 7200, 2400) / $3 AS driven
  FROM generate_series(0, $6::bigint - 1) AS i
) AS fixes`;

async function seed(databaseUrl: string | undefined, dataDir: string): Promise<number[]> {
  // A first start seeds the demo accounts and `devices` devices; positions go in while it is stopped.
  await (await startTracker({ port: 0, host: '127.0.0.1', osmandPort: 0, databaseUrl, dataDir, simulator: { enabled: false, devices } })).close();
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const ids = (await db.query<{ id: number }>('SELECT id FROM devices ORDER BY id')).map((row) => Number(row.id)).slice(0, devices);
    const perDevice = Math.floor((days * DAY_MS) / (intervalSeconds * 1000));
    const started = performance.now();
    for (const [index, id] of ids.entries()) {
      await db.query(SEED_SQL, [id, periodStart.toISOString(), intervalSeconds, -23.7 + (index % 20) * 0.02, -46.8 + Math.floor(index / 20) * 0.02, perDevice]);
      if ((index + 1) % 10 === 0 || index === ids.length - 1) log(`seeded ${index + 1}/${ids.length} devices (${Math.round((performance.now() - started) / 1000)} s)`);
    }
    return ids;
  } finally {
    await db.close();
  }
}

interface Timed {
  ms: number;
  rows?: number;
  bytes?: number;
}

async function timedGet(url: string, cookie: string, accept = 'application/json'): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept } });
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  if (accept === XLSX_MIME) {
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: Math.round(performance.now() - started), bytes };
  }
  const rows = ((await response.json()) as unknown[]).length;
  return { ms: Math.round(performance.now() - started), rows };
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir || (await mkdtemp(join(tmpdir(), 'rastro-fleet-reports-bench-')));
  const machine = { cores: cpus().length, loadAverage: loadavg().map((value) => Math.round(value * 10) / 10), database: scratch ? 'postgresql' : 'pglite' };
  log(`${devices} devices × ${days} days every ${intervalSeconds} s on ${machine.database}; load ${machine.loadAverage.join(' ')}`);
  try {
    const seedStarted = performance.now();
    const ids = await seed(scratch?.url, dataDir);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);

    const tracker = await startTracker({ port: 0, host: '127.0.0.1', osmandPort: 0, databaseUrl: scratch?.url, dataDir, simulator: { enabled: false, devices } });
    try {
      const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
      const report = (path: string, deviceIds: number[], from: Date, extra = '') =>
        `${tracker.url}/api/reports/${path}?${deviceIds.map((id) => `deviceId=${id}`).join('&')}&from=${from.toISOString()}&to=${periodEnd.toISOString()}${extra}`;
      const tripsFrom = new Date(periodEnd.getTime() - tripsDays * DAY_MS);
      log('route of one device');
      const route = await timedGet(report('route', ids.slice(0, 1), periodStart), cookie);
      const routeXlsx = await timedGet(report('route', ids.slice(0, 1), periodStart), cookie, XLSX_MIME);
      log(`trips of ${tripsDevices} devices`);
      const tripsFirstPage = await timedGet(report('trips', ids.slice(0, tripsDevices), tripsFrom, '&page=1&limit=25'), cookie);
      const trips = await timedGet(report('trips', ids.slice(0, tripsDevices), tripsFrom), cookie);
      log(`summary of ${ids.length} devices`);
      const summary = await timedGet(report('summary', ids, periodStart), cookie);
      process.stdout.write(
        `${JSON.stringify(
          {
            machine: { ...machine, loadAverageAtEnd: loadavg().map((value) => Math.round(value * 10) / 10) },
            fleet: { devices: ids.length, days, intervalSeconds, positions: ids.length * Math.floor((days * DAY_MS) / (intervalSeconds * 1000)), seedSeconds },
            tracker: {
              [`route, 1 device, ${days} days (JSON; capped like the position history)`]: route,
              [`route, 1 device, ${days} days (xlsx)`]: routeXlsx,
              [`trips, ${tripsDevices} devices, ${tripsDays} days, first page of 25`]: tripsFirstPage,
              [`trips, ${tripsDevices} devices, ${tripsDays} days, every trip`]: trips,
              [`summary, ${ids.length} devices, ${days} days`]: summary,
            },
          },
          null,
          2,
        )}\n`,
      );
    } finally {
      await tracker.close();
    }
  } finally {
    if (!keptDir) await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
