// What the gateway adds in front of the tracking server: `pnpm --filter @rastro/gateway bench`
// (or the root `pnpm run bench`). Starts the tracker and the gateway as two processes of their
// own on 127.0.0.1 (throw-away databases), signs in once, then loads the same requests on the
// tracker directly and through the gateway with autocannon at 200 concurrent clients, and prints
// latency p50/p99 and throughput as a Markdown table (the numbers in README.md). Bounded: four
// runs of BENCH_SECONDS (default 10) plus start-up. Environment: BENCH_SECONDS, BENCH_CONNECTIONS.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoAccount } from '@rastro/tracker';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const HOST = '127.0.0.1';
const gatewayDir = path.resolve(__dirname, '..');
const trackerDir = path.resolve(gatewayDir, '..', 'tracker');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One server as its own process (tsx), stopped when the bench ends. */
function startProcess(dir: string, entry: string, env: Record<string, string>): void {
  const child = spawn(path.join(dir, 'node_modules', '.bin', 'tsx'), [entry], { cwd: dir, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

interface Result {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, cookie: string): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie, accept: 'application/json' } });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function main(): Promise<void> {
  const [trackerPort, gatewayPort] = [await freePort(), await freePort()];
  const trackerUrl = `http://${HOST}:${trackerPort}`;
  const gatewayUrl = `http://${HOST}:${gatewayPort}`;
  startProcess(trackerDir, 'src/main.ts', { TRACKER_PORT: String(trackerPort), TRACKER_HOST: HOST, TRACKER_DATA_DIR: 'memory://', OSMAND_PORT: '0', SIM_DEVICES: '60', SIM_INTERVAL_MS: '1000' });
  await waitFor(`${trackerUrl}/api/server`);
  startProcess(gatewayDir, 'src/main.ts', {
    TRACCAR_URL: trackerUrl,
    PORT: String(gatewayPort),
    HOST,
    GATEWAY_DATA_DIR: 'memory://',
    TRACCAR_SERVICE_USER: demoAccount.email,
    TRACCAR_SERVICE_PASSWORD: demoAccount.password,
  });
  await waitFor(`${gatewayUrl}/rastro/health`);

  const login = await fetch(`${trackerUrl}/api/session`, { method: 'POST', body: new URLSearchParams({ email: demoAccount.email, password: demoAccount.password }) });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('JSESSIONID='))?.split(';')[0];
  if (!cookie) throw new Error(`demo sign-in refused: ${login.status}`);

  const rows: string[] = [];
  for (const [name, requestPath] of [
    ['GET /api/server (no session)', '/api/server'],
    ['GET /api/devices (signed in, 60 devices)', '/api/devices'],
  ] as const) {
    const direct = await load(`${trackerUrl}${requestPath}`, cookie);
    const gateway = await load(`${gatewayUrl}${requestPath}`, cookie);
    for (const [via, r] of [['tracker directly', direct], ['through the gateway', gateway]] as const) {
      rows.push(`| ${name} | ${via} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${r.errors + r.non2xx} |`);
    }
    const signed = (ms: number) => (ms >= 0 ? `+${ms}` : `${ms}`);
    rows.push(`| ${name} | **gateway adds** | **${signed(gateway.p50 - direct.p50)}** | **${signed(gateway.p99 - direct.p99)}** | **${direct.rps ? Math.round((100 * gateway.rps) / direct.rps) : 0} %** of direct | |`);
  }
  // The load average says whether the machine was quiet enough for the numbers to mean anything.
  console.log(`\n${CONNECTIONS} concurrent clients, ${SECONDS} s per run, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}\n`);
  console.log('| request | via | p50 ms | p99 ms | req/s | errors (timeouts, non-2xx) |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  await printFailedLoginLimits(gatewayUrl);
}

/**
 * What a password guesser meets (README: failed logins): wrong passwords for the demo account from
 * this one address, one after another, until the gateway answers 429; then the right password
 * during the block, and again once Retry-After has passed.
 */
async function printFailedLoginLimits(gatewayUrl: string): Promise<void> {
  const attempt = (password: string) =>
    fetch(`${gatewayUrl}/api/session`, { method: 'POST', body: new URLSearchParams({ email: demoAccount.email, password }) });
  const lines: string[] = [];
  let refusedAfter = 0;
  let retryAfter = 0;
  for (let tries = 1; tries <= 50; tries += 1) {
    const answer = await attempt(`wrong-${tries}`);
    if (answer.status === 429) {
      refusedAfter = tries - 1;
      retryAfter = Number(answer.headers.get('retry-after') ?? 0);
      break;
    }
  }
  lines.push(`| wrong passwords answered 401 before the first 429 | ${refusedAfter} |`);
  lines.push(`| Retry-After of that first 429 | ${retryAfter} s |`);
  lines.push(`| the right password during the block | ${(await attempt(demoAccount.password)).status} |`);
  await new Promise((resolve) => setTimeout(resolve, (retryAfter + 1) * 1000));
  lines.push(`| the right password after Retry-After | ${(await attempt(demoAccount.password)).status} |`);
  console.log('\n| failed logins (one account, one address) | answer |\n|---|---|');
  for (const line of lines) console.log(line);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
