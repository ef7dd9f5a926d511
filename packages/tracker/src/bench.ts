// `pnpm bench`: how fast the tracker works with a large fleet — the pure simulation step, then a
// running server (PGlite in memory): ticks stored per second and /api/positions latency.
//   BENCH_DEVICES (500)
import { performance } from 'node:perf_hooks';
import { FleetSimulation } from './simulator/fleet-simulation';
import { demoAccount, startTracker } from './index';

const devices = Number(process.env.BENCH_DEVICES || 500);

async function main(): Promise<void> {
  const simulation = new FleetSimulation({
    seed: 1,
    intervalMs: 1000,
    devices: Array.from({ length: devices }, (_, index) => ({ deviceId: index + 1, category: 'car' })),
  });
  const steps = 200;
  let started = performance.now();
  for (let step = 0; step < steps; step++) simulation.step(new Date(Date.now() + step * 1000));
  console.log(`simulation: ${((performance.now() - started) / steps).toFixed(2)} ms per step of ${devices} vehicles`);

  started = performance.now();
  const tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices, intervalMs: 1000, seed: 1 } });
  console.log(`start with ${devices} devices (seed included): ${(performance.now() - started).toFixed(0)} ms`);
  try {
    const login = await fetch(`${tracker.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: demoAccount.email, password: demoAccount.password }).toString(),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const rounds = 50;
    started = performance.now();
    for (let round = 0; round < rounds; round++) await (await fetch(`${tracker.url}/api/positions`, { headers: { cookie } })).arrayBuffer();
    console.log(`GET /api/positions (${devices} devices): ${((performance.now() - started) / rounds).toFixed(1)} ms on average`);
  } finally {
    await tracker.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
