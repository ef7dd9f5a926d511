// `pnpm bench`: whether the tracker carries a large fleet on this machine, loopback only.
//   1. the pure simulation step;
//   2. the ingest pipeline and PGlite (on disk, as the product runs) with every device reporting
//      once a second: positions/s, tick duration, whether it keeps up;
//   3. the OsmAnd port over real HTTP: reports from many concurrent senders, positions stored/s;
//   4. the running tracker with the simulator and websocket clients, each user seeing its own
//      slice of the fleet: tick regularity and fan-out latency; then /api/positions;
//   5. trips / stops / summary reports over one device-month at 10 s (./reports/reports.bench.ts).
//   BENCH_DEVICES (10000)  BENCH_CLIENTS (200)  BENCH_SECONDS (20)  BENCH_OSMAND_CONCURRENCY (64)
//   BENCH_REPORTS_E2E=0 skips storing the month for the end-to-end report timing.
//   BENCH_PARTS (all): a comma-separated choice of simulation, ingest, osmand, fanout, reports.
// Not part of any test run: the numbers depend on the machine and its load.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addClientUsers } from './bench/client-users';
import { benchFanOut } from './bench/fanout-bench';
import { benchIngest } from './bench/ingest-bench';
import { benchOsmand } from './bench/osmand-bench';
import { benchReports } from './reports/reports.bench';
import { FleetSimulation } from './simulator/fleet-simulation';
import { startTracker } from './index';

const devices = Number(process.env.BENCH_DEVICES || 10_000);
const clients = Number(process.env.BENCH_CLIENTS || 200);
const seconds = Number(process.env.BENCH_SECONDS || 20);
const osmandConcurrency = Number(process.env.BENCH_OSMAND_CONCURRENCY || 64);
const parts = new Set((process.env.BENCH_PARTS || 'simulation,ingest,osmand,fanout,reports').split(','));

function benchSimulationStep(): void {
  const simulation = new FleetSimulation({
    seed: 1,
    intervalMs: 1000,
    devices: Array.from({ length: devices }, (_, index) => ({ deviceId: index + 1, category: 'car' })),
  });
  const steps = 100;
  const started = performance.now();
  for (let step = 0; step < steps; step++) simulation.step(new Date(Date.now() + step * 1000));
  console.log(`simulation: ${((performance.now() - started) / steps).toFixed(1)} ms per step of ${devices} vehicles`);
}

async function main(): Promise<void> {
  console.log(`${devices} devices, ${clients} socket clients, ${seconds} s per run, ${os.cpus().length} cores`);
  if (parts.has('simulation')) benchSimulationStep();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rastro-bench-'));
  try {
    let started = performance.now();
    // A first start seeds the demo data and the devices; the clients' users are added while it is stopped.
    await (await startTracker({ port: 0, host: '127.0.0.1', dataDir, simulator: { enabled: false, devices } })).close();
    await addClientUsers(dataDir, clients);
    console.log(`seed (${devices} devices, ${clients} users): ${(performance.now() - started).toFixed(0)} ms`);

    if (parts.has('ingest')) await benchIngest(dataDir, seconds);
    if (parts.has('osmand')) await benchOsmand(dataDir, seconds, osmandConcurrency);

    if (parts.has('fanout')) {
      started = performance.now();
      const tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir, simulator: { devices, intervalMs: 1000, seed: 1 } });
      console.log(`tracker start with ${devices} devices: ${(performance.now() - started).toFixed(0)} ms`);
      try {
        await benchFanOut(tracker, clients, seconds);
      } finally {
        await tracker.close();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (parts.has('reports')) await benchReports();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
