import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { startGateway, type RunningGateway } from '../gateway';
import { startFakeTraccar, type FakeTraccar } from '../test-support/fake-traccar';
import { send } from '../test-support/http';
import { openSocket } from '../test-support/socket-client';
import { attachSocketRelay, type SocketRelay } from './socket-relay';

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Relay mechanics against a scripted Traccar stand-in: echo, close propagation, shutdown.
// The real tracker's socket (initial positions, cookie refusal) is in tracker.integration.test.ts.
describe('/api/socket relay', () => {
  let traccar: FakeTraccar;
  let gateway: RunningGateway;
  let wsUrl: string;
  const cookie = { cookie: 'JSESSIONID=fake-session' };

  beforeAll(async () => {
    traccar = await startFakeTraccar();
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: traccar.url, webRoot: '/nonexistent', logger: false });
    wsUrl = `${gateway.url.replace('http', 'ws')}/api/socket`;
  });

  afterAll(async () => {
    await gateway.close();
    await traccar.close();
  });

  it('relays messages both ways, the initial one included', async () => {
    const { socket, next } = await openSocket(wsUrl, cookie);
    expect(await next()).toEqual({ positions: [{ id: 1, deviceId: 1 }] });
    socket.send('hello');
    expect(await next()).toEqual({ echo: 'hello' });
    socket.close();
  });

  it("refuses the upgrade with Traccar's own status when there is no session", async () => {
    await expect(openSocket(wsUrl)).rejects.toThrow('HTTP 401');
  });

  it('opens the tracking server\'s socket with what it reads: an Authorization header becomes ?token= or a session', async () => {
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` });
    for (const headers of [{ authorization: 'Bearer fake-token' }, basic('admin')]) {
      const { socket, next, closed } = await openSocket(wsUrl, headers);
      expect(await next()).toEqual({ positions: [{ id: 1, deviceId: 1 }] });
      socket.close();
      await closed;
    }
    // The session opened for the Basic socket is ended with it, not left open on the tracking server.
    await waitFor(() => traccar.sessionsEnded() === 1);
    await expect(openSocket(wsUrl, basic('wrong'))).rejects.toThrow('HTTP 401');
    await expect(openSocket(wsUrl, { authorization: 'Bearer wrong' })).rejects.toThrow('HTTP 401');
    expect(traccar.sessionsEnded()).toBe(1);
  });

  // Cross-site websocket hijacking: the upgrade carries the browser's cookie like a write does, and
  // the socket reads every position; the CSRF rule for writes (web-security) decides here too.
  it('refuses an upgrade another site opens with the cookie (403); the same site and clients without Origin keep working', async () => {
    const host = new URL(gateway.url).host;
    const otherSites: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site', origin: 'https://other.tenant.example' }];
    for (const headers of otherSites) {
      await expect(openSocket(wsUrl, { ...cookie, ...headers })).rejects.toThrow('HTTP 403');
    }
    const sameSite: Array<Record<string, string>> = [{ origin: `http://${host}` }, { 'sec-fetch-site': 'same-origin', origin: `http://${host}` }, {}];
    for (const headers of sameSite) {
      const { socket, next, closed } = await openSocket(wsUrl, { ...cookie, ...headers });
      expect(await next()).toEqual({ positions: [{ id: 1, deviceId: 1 }] });
      socket.close();
      await closed;
    }
  });

  it('refuses upgrades on other paths', async () => {
    await expect(openSocket(`${gateway.url.replace('http', 'ws')}/rastro/socket`, cookie)).rejects.toThrow('HTTP 404');
  });

  it('closes the browser side when Traccar closes, with its code', async () => {
    const { next, closed } = await openSocket(wsUrl, cookie);
    await next();
    traccar.closeSockets(4001);
    expect(await closed).toBe(4001);
  });

  it('closes the Traccar side when the browser closes, with its code', async () => {
    const { socket, next } = await openSocket(wsUrl, cookie);
    await next();
    const before = traccar.closedByPeer.length;
    socket.close(4002);
    await waitFor(() => traccar.closedByPeer.length > before);
    expect(traccar.closedByPeer.at(-1)).toBe(4002);
  });

  it('answers 502 when the tracking server is unreachable', async () => {
    const gone = await startFakeTraccar();
    await gone.close();
    const orphan = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: gone.url, webRoot: '/nonexistent', logger: false });
    try {
      await expect(openSocket(`${orphan.url.replace('http', 'ws')}/api/socket`, cookie)).rejects.toThrow('HTTP 502');
      const http = await send(`${orphan.url}/api/server`);
      expect(http.status).toBe(502);
      expect(http.json()).toMatchObject({ code: 'TRACCAR_UNAVAILABLE' });
    } finally {
      await orphan.close();
    }
  });

  it('close() ends open sockets with 1001 and stops accepting', async () => {
    const own = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: traccar.url, webRoot: '/nonexistent', logger: false });
    try {
      const { next, closed } = await openSocket(`${own.url.replace('http', 'ws')}/api/socket`, cookie);
      await next();
      const started = Date.now();
      await own.close();
      expect(await closed).toBe(1001);
      expect(Date.now() - started).toBeLessThan(1500);
      await expect(send(`${own.url}/rastro/health`)).rejects.toThrow();
    } finally {
      await own.close(); // idempotent; here so a failed step above does not leave the server running
    }
  });
});

// The relay on its own, as the gateway attaches it: what it tells open browsers by itself.
describe('messages of the gateway to open sockets (tell)', () => {
  let traccar: FakeTraccar;
  let server: Server;
  let relay: SocketRelay;
  let wsUrl: string;
  const session = (who: string) => ({ cookie: `JSESSIONID=fake-session; who=${who}` });

  beforeAll(async () => {
    traccar = await startFakeTraccar();
    server = createServer();
    // As in the gateway: the tracking server's device messages of hidden devices never pass.
    relay = attachSocketRelay(server, { traccarUrl: traccar.url, log: pino({ level: 'silent' }), filterMessage: async (text) => (text.includes('devices') ? null : text) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/socket`;
  });

  afterAll(async () => {
    await relay.close();
    await new Promise((resolve) => server.close(resolve));
    await traccar.close();
  });

  it('reach the sessions the check accepts, each asked once, past the filter; the others get nothing', async () => {
    const [ana, anaTab, bruno] = await Promise.all([openSocket(wsUrl, session('ana')), openSocket(wsUrl, session('ana')), openSocket(wsUrl, session('bruno'))]);
    for (const socket of [ana, anaTab, bruno]) await socket.next();
    const asked: string[] = [];
    const notice = { devices: [{ id: 7, name: 'Van 7', uniqueId: 'deleted-77-1767225600000' }] };
    const told = await relay.tell(JSON.stringify(notice), async ({ cookie }) => {
      asked.push(cookie ?? '');
      return cookie?.endsWith('who=ana') ?? false;
    });
    expect(told).toBe(2);
    expect(asked.sort()).toEqual([session('ana').cookie, session('bruno').cookie]);
    expect(await ana.next()).toEqual(notice);
    expect(await anaTab.next()).toEqual(notice);
    // Bruno's next message is the echo of what it sends now: nothing came before it.
    bruno.socket.send('still here');
    expect(await bruno.next()).toEqual({ echo: 'still here' });
    for (const socket of [ana, anaTab, bruno]) socket.socket.close();
  });
});
