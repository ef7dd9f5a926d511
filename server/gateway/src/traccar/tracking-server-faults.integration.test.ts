import { createServer, type Server, type Socket } from 'node:net';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';

// What a browser gets when the tracking server is gone or frozen: 502 TRACCAR_UNAVAILABLE or
// 504 TRACCAR_TIMEOUT from every route that needs it — the product API as much as the /api proxy —
// never a 500, and a frozen one is given up on after the gateway's timeout, not the browser's.
const TIMEOUT_MS = 1_000;
const COOKIE = { cookie: 'JSESSIONID=node0someone', accept: 'application/json' };

/** A port that was free a moment ago: nothing listens there until `frozenServer` does. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Accepts connections on `port` and never answers, as a stopped (SIGSTOP) or wedged server does. */
async function frozenServer(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// One gateway (starting one is slow on a busy machine) in front of a port where nothing listens,
// then something that never answers.
let gateway: RunningGateway;
let port: number;

beforeAll(async () => {
  port = await freePort();
  gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: `http://127.0.0.1:${port}`, logger: false, traccarTimeoutMs: TIMEOUT_MS, jobPollIntervalMs: 60_000 });
}, 120_000);

afterAll(async () => gateway?.close());

describe.each([
  ['stopped', 502, 'TRACCAR_UNAVAILABLE'],
  ['frozen', 504, 'TRACCAR_TIMEOUT'],
] as const)('a %s tracking server', (state, status, code) => {
  let frozen: { close(): Promise<void> } | undefined;

  beforeAll(async () => {
    frozen = state === 'frozen' ? await frozenServer(port) : undefined;
  });

  afterAll(async () => frozen?.close());

  it.each([
    ['GET', '/rastro/shares'],
    ['GET', '/rastro/server/logs'],
    ['GET', '/api/devices'],
    ['GET', '/api/server'],
    ['POST', '/api/devices'],
    ['PUT', '/api/devices/1'],
  ])(`answers %s %s with ${status} ${code} after the gateway's timeout at most`, async (method, path) => {
    const startedAt = Date.now();
    const body = method !== 'GET' ? JSON.stringify({ name: 'Truck', uniqueId: 'fault-1' }) : undefined;
    const res = await send(`${gateway.url}${path}`, { method, headers: { ...COOKIE, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
    expect({ status: res.status, code: res.json<{ code: string }>().code }).toEqual({ status, code });
    // The gateway's own timeout (once for a policy look-up, once for the proxy), far from the 30 s default.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it('still answers its health check, saying the tracking server is down', async () => {
    const res = await send(`${gateway.url}/rastro/health`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', traccar: 'down' });
  });
});
