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
//   BENCH_KEEP_DATABASE=1: keep that scratch database (its URL is printed) for the browser's part
//   (DATABASE_URL) or another reading; BENCH_SEEDED_DATABASE_URL: measure such a database again, unseeded.
//   BENCH_ONLY=route: the route of one device alone (with BENCH_DEVICES=1 a seed of one device's month,
//   minutes instead of hours: the run for the route's speed targets); BENCH_ONLY=route-xlsx: its xlsx alone.
//   BENCH_DATA_DIR: PGlite in this (new) folder, kept afterwards, for the browser's part
//   (`pnpm --filter @rastro/e2e run bench:reports`, e2e/bench/reports-browser-bench.ts);
//   BENCH_SEEDED_DATA_DIR: measure such a folder again, unseeded.
// After the answers, with the tracker stopped, the route's xlsx is taken apart where its time goes
// (`routeXlsxPhases`): the database read, the columns' values, the workbook written uncompressed and
// as served (BENCH_XLSX_PHASES=0 skips it). `pnpm bench:route-xlsx` is the xlsx alone over one
// device's month.
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase, type Database } from '@rastro/db';
import { DevicesRepository } from '../db/devices-repository';
import { POSITIONS_BY_DEVICE_TIME, POSITIONS_BY_DEVICE_TIME_DDL } from '../db/migrations';
import { openDatabase } from '../db/open-database';
import { PositionsRepository } from '../db/positions-repository';
import { UsersRepository } from '../db/users-repository';
import type { DeviceRecord } from '../entities/device';
import { demoAccount } from '../seed/demo-accounts';
import { startTracker } from '../start-tracker';
import { login } from '../test-support/tracker-client';
import { routeReport, spreadsheetRows } from './report-kinds';
import { spreadsheetStream, XLSX_MIME } from './spreadsheet';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] || fallback);
const devices = numberFromEnv('BENCH_DEVICES', 500);
const days = numberFromEnv('BENCH_DAYS', 30);
const intervalSeconds = numberFromEnv('BENCH_INTERVAL_S', 10);
const tripsDevices = Math.min(devices, numberFromEnv('BENCH_TRIPS_DEVICES', 100));
const tripsDays = Math.min(days, numberFromEnv('BENCH_TRIPS_DAYS', 7));
const routeOnly = process.env.BENCH_ONLY === 'route' || process.env.BENCH_ONLY === 'route-xlsx';
const xlsxOnly = process.env.BENCH_ONLY === 'route-xlsx';
const DAY_MS = 86_400_000;
/** Midnight UTC, `days` before today: the period ends where the last fix is. */
const periodEnd = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
const periodStart = new Date(periodEnd.getTime() - days * DAY_MS);

const log = (message: string) => process.stderr.write(`[fleet-reports-bench] ${message}\n`);

/**
 * Every device's period, once: 40 minutes driving round a loop at about 50 km/h, then 80 minutes
 * parked, over and over (12 trips a day), with the attributes a real tracker sends and the
 * `distance` and `totalDistance` Traccar adds to every fix it stores — as offsets from
 * the loop's centre ($1 the first fix's time, $2 the interval, $3 the fixes).
 */
const TRACK_SQL = `
CREATE UNLOGGED TABLE bench_track AS
SELECT i, $1::timestamptz + make_interval(secs => i * $2) AS t,
       0.02 * sin(driven / 300.0) AS dlat, 0.02 * cos(driven / 300.0) AS dlon,
       CASE WHEN driving THEN 27 ELSE 0 END AS speed, (driven % 360) AS course,
       jsonb_build_object('ignition', driving, 'motion', driving, 'sat', 10, 'batteryLevel', 90, 'odometer', driven * 140, 'distance', CASE WHEN driving THEN 140 ELSE 0 END, 'totalDistance', driven * 140) AS attributes
FROM (
  SELECT i, (i * $2) % 7200 < 2400 AS driving,
         (i * $2) / 7200 * (2400 / $2) + LEAST((i * $2) % 7200, 2400) / $2 AS driven
  FROM generate_series(0, $3::bigint - 1) AS i
) AS fixes`;

/**
 * One device's copy of that track round its own centre ($3, $4), ids given ($1 + i) rather than drawn
 * from the sequence: a plain copy of rows, several times faster than working each fix out again.
 */
const DEVICE_SQL = `
INSERT INTO positions (id, deviceid, protocol, servertime, devicetime, fixtime, valid, latitude, longitude, altitude, speed, course, accuracy, attributes)
SELECT $1::bigint + i, $2, 'osmand', t, t, t, true, $3 + dlat, $4 + dlon, 760, speed, course, 5, attributes FROM bench_track`;

async function seed(databaseUrl: string | undefined, dataDir: string): Promise<number[]> {
  // A first start seeds the demo accounts and `devices` devices; positions go in while it is stopped.
  await (await startTracker({ port: 0, host: '127.0.0.1', osmandPort: 0, databaseUrl, dataDir, simulator: { enabled: false, devices } })).close();
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const ids = (await db.query<{ id: number }>('SELECT id FROM devices ORDER BY id')).map((row) => Number(row.id)).slice(0, devices);
    const perDevice = Math.floor((days * DAY_MS) / (intervalSeconds * 1000));
    const started = performance.now();
    // A bulk load: the positions' index by device and time is built once at the end instead of kept up row by
    // row (several times faster at 130 million rows), and nothing waits for the disk meanwhile.
    await db.exec(`DROP INDEX IF EXISTS ${POSITIONS_BY_DEVICE_TIME}`);
    // A scratch database: its positions need no crash safety, and unlogged they skip the write-ahead log.
    if (databaseUrl) await db.exec('ALTER TABLE positions SET UNLOGGED');
    await db.exec('DROP TABLE IF EXISTS bench_track');
    await db.query(TRACK_SQL, [periodStart.toISOString(), intervalSeconds, perDevice]);
    const [{ last }] = (await db.query<{ last: number | null }>('SELECT max(id) AS last FROM positions')) as [{ last: number | null }];
    for (const [index, id] of ids.entries()) {
      await db.query(DEVICE_SQL, [Number(last ?? 0) + 1 + index * perDevice, id, -23.7 + (index % 20) * 0.02, -46.8 + Math.floor(index / 20) * 0.02]);
      if ((index + 1) % 10 === 0 || index === ids.length - 1) log(`seeded ${index + 1}/${ids.length} devices (${Math.round((performance.now() - started) / 1000)} s)`);
    }
    await db.exec('DROP TABLE bench_track');
    await db.exec("SELECT setval(pg_get_serial_sequence('positions', 'id'), (SELECT max(id) FROM positions))");
    log('building the positions index');
    await db.exec(POSITIONS_BY_DEVICE_TIME_DDL);
    await db.exec('ANALYZE positions');
    log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
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

/**
 * One GET, timed to the last byte. node:http rather than fetch: fetch gives up on an answer that
 * takes over 300 s to start, and the summary of a whole fleet's month may.
 */
function timedGet(url: string, cookie: string, accept = 'application/json'): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie, accept } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200) return reject(new Error(`GET ${url}: HTTP ${response.statusCode} ${body.toString()}`));
        const ms = Math.round(performance.now() - started);
        resolve(accept === XLSX_MIME ? { ms, bytes: body.byteLength } : { ms, rows: (JSON.parse(body.toString()) as unknown[]).length });
      });
    }).on('error', reject);
  });
}

/** Every byte of a stream, timed; its size. */
async function drained(stream: AsyncIterable<Buffer>): Promise<Timed> {
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return { ms: Math.round(performance.now() - started), bytes };
}

/**
 * Where the route's xlsx spends its time, each part alone in this process (the tracker stopped: PGlite
 * takes one process at a time): reading the device's fixes as the report does (pages, decoded), the
 * columns' values of every row, then the workbook of those rows held in memory, written once stored
 * (level 0: the XML alone) and once as served; compression is the difference of the last two.
 */
async function routeXlsxPhases(db: Database, device: DeviceRecord): Promise<Record<string, Timed>> {
  const admin = await new UsersRepository(db).findByEmailOrLogin(demoAccount.email);
  if (!admin) throw new Error('no demo administrator');
  const report = routeReport({ positions: new PositionsRepository(db) });
  const scope = { user: admin, devices: [device], from: periodStart, to: periodEnd, query: {} };
  const phases: Record<string, Timed> = {};
  const sheetRows: Parameters<(typeof report.columns)[number]['value']>[0][] = [];
  await measured('xlsx phase: database read', phases, async () => {
    const started = performance.now();
    for await (const row of await spreadsheetRows(report, scope)) sheetRows.push(row);
    return { ms: Math.round(performance.now() - started), rows: sheetRows.length };
  });
  await measured('xlsx phase: row formatting (the columns\' values)', phases, async () => {
    const started = performance.now();
    let cells = 0;
    for (const row of sheetRows) cells += report.columns.map((column) => column.value(row)).length;
    return { ms: Math.round(performance.now() - started), rows: cells / report.columns.length };
  });
  await measured('xlsx phase: writing, stored (XML and zip, no compression)', phases, () => drained(spreadsheetStream(report.sheetName, report.columns, sheetRows, { level: 0 })));
  await measured('xlsx phase: writing as served (with compression)', phases, () => drained(spreadsheetStream(report.sheetName, report.columns, sheetRows)));
  return phases;
}

/** Each number as it comes (stderr), then all of them (stdout): a run cut short still leaves its readings. */
async function measured(name: string, results: Record<string, Timed>, run: () => Promise<Timed>): Promise<void> {
  log(`${name}…`);
  results[name] = await run();
  log(`${name}: ${JSON.stringify(results[name])}`);
}

async function main(): Promise<void> {
  // Issue 18 measures a month at 10 s: the installation raises Traccar's 50,000-fix route cap.
  process.env.TRACKER_ROUTE_LIMIT ??= '300000';
  const serverUrl = process.env.BENCH_DATABASE_URL;
  // A database an earlier run seeded and kept (BENCH_KEEP_DATABASE=1): measured again without seeding.
  const seededUrl = process.env.BENCH_SEEDED_DATABASE_URL;
  const seededDir = process.env.BENCH_SEEDED_DATA_DIR;
  const scratch = seededUrl ? { url: seededUrl, drop: async () => undefined } : serverUrl ? await createScratchDatabase(serverUrl) : null;
  const keepDatabase = Boolean(seededUrl) || process.env.BENCH_KEEP_DATABASE === '1';
  const keptDir = seededDir || process.env.BENCH_DATA_DIR;
  const dataDir = keptDir || (await mkdtemp(join(tmpdir(), 'rastro-fleet-reports-bench-')));
  const machine = { cores: cpus().length, loadAverage: loadavg().map((value) => Math.round(value * 10) / 10), database: scratch ? 'postgresql' : 'pglite' };
  log(`${devices} devices × ${days} days every ${intervalSeconds} s on ${machine.database}; load ${machine.loadAverage.join(' ')}`);
  try {
    const seedStarted = performance.now();
    const seeded = seededUrl || seededDir;
    const ids = seeded ? await deviceIds({ databaseUrl: scratch?.url, dataDir }) : await seed(scratch?.url, dataDir);
    const seedSeconds = seeded ? null : Math.round((performance.now() - seedStarted) / 1000);
    if (scratch && keepDatabase) log(`the seeded database stays: ${scratch.url}`);

    const tracker = await startTracker({ port: 0, host: '127.0.0.1', osmandPort: 0, databaseUrl: scratch?.url, dataDir, simulator: { enabled: false, devices } });
    const results: Record<string, Timed> = {};
    let xlsxPhases: Record<string, Timed> | undefined;
    try {
      const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
      const report = (path: string, deviceIds: number[], from: Date, extra = '') =>
        `${tracker.url}/api/reports/${path}?${deviceIds.map((id) => `deviceId=${id}`).join('&')}&from=${from.toISOString()}&to=${periodEnd.toISOString()}${extra}`;
      const tripsFrom = new Date(periodEnd.getTime() - tripsDays * DAY_MS);
      if (!xlsxOnly) await measured(`route, 1 device, ${days} days (JSON)`, results, () => timedGet(report('route', ids.slice(0, 1), periodStart), cookie));
      await measured(`route, 1 device, ${days} days (xlsx)`, results, () => timedGet(report('route', ids.slice(0, 1), periodStart), cookie, XLSX_MIME));
      if (!routeOnly) {
        await measured(`trips, ${tripsDevices} devices, ${tripsDays} days, first page of 25`, results, () => timedGet(report('trips', ids.slice(0, tripsDevices), tripsFrom, '&page=1&limit=25'), cookie));
        await measured(`trips, ${tripsDevices} devices, ${tripsDays} days, every trip`, results, () => timedGet(report('trips', ids.slice(0, tripsDevices), tripsFrom), cookie));
        await measured(`summary, ${ids.length} devices, ${days} days`, results, () => timedGet(report('summary', ids, periodStart), cookie));
      }
    } finally {
      await tracker.close();
    }
    if (process.env.BENCH_XLSX_PHASES !== '0') {
      const db = await openDatabase({ databaseUrl: scratch?.url, dataDir });
      try {
        const [first] = await new DevicesRepository(db).findByIds(ids.slice(0, 1));
        xlsxPhases = await routeXlsxPhases(db, first!);
      } finally {
        await db.close();
      }
    }
    process.stdout.write(
      `${JSON.stringify(
        {
          machine: { ...machine, loadAverageAtEnd: loadavg().map((value) => Math.round(value * 10) / 10) },
          fleet: { devices: ids.length, days, intervalSeconds, positions: ids.length * Math.floor((days * DAY_MS) / (intervalSeconds * 1000)), seedSeconds },
          tracker: results,
          routeXlsxPhases: xlsxPhases,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    if (!keptDir) await rm(dataDir, { recursive: true, force: true });
    if (!keepDatabase) await scratch?.drop();
  }
}

/**
 * The devices of a kept database that have positions. A seed stopped part way (a machine too slow for
 * the whole fleet) still leaves a fleet to measure: its positions are indexed and counted first.
 */
async function deviceIds(where: { databaseUrl?: string; dataDir: string }): Promise<number[]> {
  const db = await openDatabase(where);
  try {
    await db.exec('DROP TABLE IF EXISTS bench_track');
    await db.exec(POSITIONS_BY_DEVICE_TIME_DDL);
    await db.exec("SELECT setval(pg_get_serial_sequence('positions', 'id'), (SELECT max(id) FROM positions))");
    const rows = await db.query<{ id: number }>('SELECT id FROM devices d WHERE EXISTS (SELECT 1 FROM positions p WHERE p.deviceid = d.id) ORDER BY id');
    return rows.map((row) => Number(row.id)).slice(0, devices);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
