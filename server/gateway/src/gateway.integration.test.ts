import { demoAccount, startTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from './gateway';
import { send } from './test-support/http';
import { openSocket } from './test-support/socket-client';
import { createWebRootFixture, type WebRootFixture } from './test-support/web-root-fixture';

type Tracker = Awaited<ReturnType<typeof startTracker>>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

function loginBody(password: string): string {
  return new URLSearchParams({ email: demoAccount.email, password }).toString();
}

/** The `name=value` part of the JSESSIONID Set-Cookie, as a browser would send it back. */
function sessionCookie(setCookie: string[] | undefined): string {
  const cookie = setCookie?.find((value) => value.startsWith('JSESSIONID='));
  if (!cookie) throw new Error(`no JSESSIONID in ${JSON.stringify(setCookie)}`);
  return cookie.split(';')[0] ?? '';
}

// The gateway in front of the real tracker (@rastro/tracker), as the product runs: what a browser
// gets through the gateway must be what Traccar itself answers.
describe('gateway in front of the tracker', () => {
  let tracker: Tracker;
  let gateway: RunningGateway;
  let web: WebRootFixture;
  let cookie: string;

  beforeAll(async () => {
    web = await createWebRootFixture();
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { intervalMs: 100, devices: 10, seed: 1 }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, webRoot: web.dir, logger: false });
    const login = await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM, body: loginBody(demoAccount.password) });
    expect(login.status).toBe(200);
    cookie = sessionCookie(login.headers['set-cookie'] as string[] | undefined);
  }, 120_000); // a tracker and a gateway starting on a busy 2-core machine

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
    await web?.remove();
  });

  it('health reports the tracker up', async () => {
    const res = await send(`${gateway.url}/rastro/health`);
    expect(res.json()).toMatchObject({ status: 'ok', traccar: 'up' });
  });

  it('GET /api/server works without a session; GET /api/session is 404 without one', async () => {
    const server = await send(`${gateway.url}/api/server`, { headers: { accept: 'application/json' } });
    expect(server.status).toBe(200);
    expect(server.json()).toHaveProperty('id');
    expect((await send(`${gateway.url}/api/session`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('a form login through the gateway sets the HttpOnly JSESSIONID cookie and returns the user', async () => {
    const res = await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM, body: loginBody(demoAccount.password) });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ email: demoAccount.email });
    const setCookie = (res.headers['set-cookie'] as string[]).find((value) => value.startsWith('JSESSIONID='));
    expect(setCookie).toMatch(/HttpOnly/i);
  });

  it('the session then works through the gateway', async () => {
    const session = await send(`${gateway.url}/api/session`, { headers: { cookie, accept: 'application/json' } });
    expect(session.status).toBe(200);
    expect(session.json()).toMatchObject({ email: demoAccount.email });
    const devices = await send(`${gateway.url}/api/devices`, { headers: { cookie, accept: 'application/json' } });
    expect(devices.status).toBe(200);
    expect(devices.json<unknown[]>()).toHaveLength(10);
  });

  it("passes Traccar's 401 text through untouched (same status, type and body as the tracker's own)", async () => {
    const direct = await send(`${tracker.url}/api/session`, { method: 'POST', headers: FORM, body: loginBody('wrong') });
    const proxied = await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM, body: loginBody('wrong') });
    expect(proxied.status).toBe(401);
    expect(proxied.text.split('\n')[0]).toBe('jakarta.ws.rs.WebApplicationException: HTTP 401 Unauthorized');
    expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
    expect(proxied.text).toBe(direct.text);
  });

  it('the websocket through the gateway sends the initial {positions} to a logged-in browser, then live updates', async () => {
    const { socket, next } = await openSocket(`${gateway.url.replace('http', 'ws')}/api/socket`, { cookie });
    try {
      const first = await next<Record<string, unknown>>();
      expect(Object.keys(first)).toEqual(['positions']);
      // The latest position of every device the admin sees: the whole simulated fleet.
      expect(first.positions).toHaveLength(10);
      // The simulator moves the fleet every 100 ms: more messages follow.
      const update = await next<Record<string, unknown>>();
      // One key per message; `{}` is Traccar's keep-alive.
      expect(Object.keys(update).length).toBeLessThanOrEqual(1);
      expect(['devices', 'positions', 'events', undefined]).toContain(Object.keys(update)[0]);
    } finally {
      socket.close();
    }
  });

  it('the websocket is refused without the session cookie', async () => {
    await expect(openSocket(`${gateway.url.replace('http', 'ws')}/api/socket`)).rejects.toThrow(/HTTP 4\d\d/);
  });

  describe('the websocket of an API client, which the tracking server takes only with ?token= or a session cookie', () => {
    const socketUrl = (query = '') => `${gateway.url.replace('http', 'ws')}/api/socket${query}`;
    const basic = (password: string) => `Basic ${Buffer.from(`${demoAccount.email}:${password}`).toString('base64')}`;
    let token: string;

    beforeAll(async () => {
      token = (await send(`${gateway.url}/api/session/token`, { method: 'POST', headers: { ...FORM, cookie }, body: '' })).text;
    });

    const expectLive = async (url: string, headers: Record<string, string> = {}) => {
      const { socket, next } = await openSocket(url, headers);
      try {
        expect((await next<{ positions?: unknown[] }>()).positions).toHaveLength(10);
      } finally {
        socket.close();
      }
    };

    it('gets live data with ?token=, with Authorization: Bearer and with Authorization: Basic', async () => {
      await expectLive(socketUrl(`?token=${encodeURIComponent(token)}`));
      await expectLive(socketUrl(), { authorization: `Bearer ${token}` });
      await expectLive(socketUrl(), { authorization: basic(demoAccount.password) });
    });

    it('is refused (HTTP 401) with a wrong token, Bearer or password', async () => {
      await expect(openSocket(socketUrl('?token=nope'))).rejects.toThrow('HTTP 401');
      await expect(openSocket(socketUrl(), { authorization: 'Bearer nope' })).rejects.toThrow('HTTP 401');
      await expect(openSocket(socketUrl(), { authorization: basic('wrong') })).rejects.toThrow('HTTP 401');
    });
  });

  it('logging out through the gateway ends the session', async () => {
    const login = await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM, body: loginBody(demoAccount.password) });
    const ownCookie = sessionCookie(login.headers['set-cookie'] as string[] | undefined);
    expect((await send(`${gateway.url}/api/session`, { method: 'DELETE', headers: { cookie: ownCookie } })).status).toBe(204);
    expect((await send(`${gateway.url}/api/session`, { headers: { cookie: ownCookie, accept: 'application/json' } })).status).toBe(404);
  });
});
