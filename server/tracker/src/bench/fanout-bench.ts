import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { demoAccount, type RunningTracker } from '../index';
import { login } from '../test-support/tracker-client';
import { BENCH_PASSWORD, benchUserEmail } from './client-users';
import { describeDurations, percentile, until } from './stats';

interface Sample {
  /** ms from the fix's serverTime (the tick's start) to the client's receipt. */
  latencies: number[];
  /** serverTime of every positions message: one per simulator tick. */
  ticks: Set<number>;
  positions: number;
}

const CONNECT_TIMEOUT_MS = 30_000;
// Logins run a few at a time: each is an scrypt verification.
const LOGIN_CONCURRENCY = 8;

/**
 * `clients` users on websockets while the simulator drives the fleet for `seconds` seconds:
 * latency from a tick's start (the fixes' serverTime: step, INSERT, fan-out) to each receipt,
 * and whether the ticks came every second.
 */
export async function benchFanOut(tracker: RunningTracker, clients: number, seconds: number): Promise<void> {
  const cookies: string[] = [];
  for (let first = 0; first < clients; first += LOGIN_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(LOGIN_CONCURRENCY, clients - first) }, (_, offset) => login(tracker.url, benchUserEmail(first + offset), BENCH_PASSWORD));
    cookies.push(...(await Promise.all(batch)));
  }
  const sample: Sample = { latencies: [], ticks: new Set(), positions: 0 };
  let recording = false;
  const sockets = await Promise.all(
    cookies.map((cookie) =>
      connect(`${tracker.url.replace('http', 'ws')}/api/socket`, cookie, (message) => {
        if (!recording || !message.positions?.[0]) return;
        const serverTime = Date.parse(message.positions[0].serverTime);
        sample.latencies.push(Date.now() - serverTime);
        sample.ticks.add(serverTime);
        sample.positions += message.positions.length;
      }),
    ),
  );
  try {
    recording = true;
    await until(performance.now() + seconds * 1000);
    recording = false;
    const ticks = [...sample.ticks].sort((a, b) => a - b);
    const gaps = ticks.slice(1).map((tick, index) => tick - (ticks[index] as number));
    const keepsUp = ticks.length >= seconds - 1 && percentile(gaps, 0.95) < 1500;
    console.log(`simulator: ${ticks.length} ticks in ${seconds} s, ${describeDurations(gaps).replace(/p50/, 'tick spacing p50')} — ${keepsUp ? 'keeps up' : 'FALLS BEHIND'}`);
    console.log(`fan-out to ${clients} sockets: ${sample.latencies.length} messages, ${sample.positions} positions; tick start → receipt ${describeDurations(sample.latencies)}`);
  } finally {
    for (const socket of sockets) socket.close();
  }

  const admin = await login(tracker.url, demoAccount.email, demoAccount.password);
  const rounds = 10;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) await (await fetch(`${tracker.url}/api/positions`, { headers: { cookie: admin } })).arrayBuffer();
  console.log(`GET /api/positions as the administrator (whole fleet): ${((performance.now() - started) / rounds).toFixed(0)} ms on average`);
}

type PositionsMessage = { positions?: Array<{ serverTime: string }> };

/** Opens a socket and resolves once its first message (the latest positions) has arrived. */
function connect(url: string, cookie: string, onMessage: (message: PositionsMessage) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('socket did not open in time'));
    }, CONNECT_TIMEOUT_MS);
    socket.once('error', reject);
    socket.once('message', () => {
      clearTimeout(timer);
      resolve(socket);
      socket.on('message', (data) => onMessage(JSON.parse(data.toString()) as PositionsMessage));
    });
  });
}
