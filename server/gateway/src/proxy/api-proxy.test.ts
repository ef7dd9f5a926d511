import { startGateway, type RunningGateway } from '../gateway';
import { CAPPED_ROUTE, startEchoUpstream, type EchoUpstream } from '../test-support/echo-upstream';
import { send } from '../test-support/http';

// Proxy fidelity against a raw recording server: what the browser sends is what the tracking
// server receives, and what it answers is what the browser gets. (Behaviour against the real
// tracker — login, session, websocket — is in tracker.integration.test.ts.)
describe('/api proxy fidelity', () => {
  let upstream: EchoUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: upstream.url, webRoot: '/nonexistent', logger: false });
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('passes a form body, its content type and the cookie through byte for byte', async () => {
    const body = 'email=admin%40rastro.demo&password=p%26ss+word%3D%C3%A9';
    const res = await send(`${gateway.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'JSESSIONID=abc123', accept: 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(body);
    const seen = upstream.received.at(-1);
    expect(seen).toMatchObject({ method: 'POST', url: '/api/session' });
    expect(seen?.body.toString()).toBe(body);
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen?.headers.cookie).toBe('JSESSIONID=abc123');
    expect(seen?.headers['x-forwarded-for']).toBeDefined();
  });

  it('passes binary and JSON bodies untouched for PUT and DELETE', async () => {
    const binary = Buffer.from([0, 255, 1, 254, 10, 13]);
    const put = await send(`${gateway.url}/api/devices/7`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: binary });
    expect(put.body.equals(binary)).toBe(true);
    const json = '{"userId":1,  "deviceId":2}';
    const del = await send(`${gateway.url}/api/permissions`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: json });
    expect(del.text).toBe(json);
    expect(upstream.received.at(-1)?.body.toString()).toBe(json);
  });

  it('keeps the path and repeated query parameters', async () => {
    await send(`${gateway.url}/api/reports/route?deviceId=1&deviceId=2&from=2024-01-01T00%3A00%3A00Z`);
    const seen = new URL(upstream.received.at(-1)?.url ?? '', 'http://x');
    expect(seen.pathname).toBe('/api/reports/route');
    expect(seen.searchParams.getAll('deviceId')).toEqual(['1', '2']);
    expect(seen.searchParams.get('from')).toBe('2024-01-01T00:00:00Z');
  });

  it("passes a report's rows and the tracker's X-Rastro-Truncated header (a route cut at its limit) through", async () => {
    const res = await send(`${gateway.url}/api/reports/capped?deviceId=3`);
    expect(res.status).toBe(200);
    expect(res.headers['x-rastro-truncated']).toBe('true');
    expect(res.json()).toEqual(JSON.parse(CAPPED_ROUTE));
  });

  it('passes error statuses and text bodies back untouched, and every Set-Cookie with SameSite=Lax added', async () => {
    const res = await send(`${gateway.url}/api/status/401`);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.text).toBe('status 401\nsecond line');
    // The gateway's browser defences add SameSite (server/gateway/README.md, Browser defences).
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly; SameSite=Lax', 'b=2; Path=/; SameSite=Lax']);
    const gone = await send(`${gateway.url}/api/status/404`, { headers: { accept: 'text/html' } });
    expect(gone.status).toBe(404);
    expect(gone.text).toBe('status 404\nsecond line');
  });

  it('close() lets an in-flight request finish, then refuses new connections', async () => {
    const own = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: upstream.url, webRoot: '/nonexistent', logger: false });
    const slow = send(`${own.url}/api/delay/300`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closeStarted = Date.now();
    const closing = own.close();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.text).toBe('late');
    await closing;
    // Not held open by the client's idle keep-alive connection.
    expect(Date.now() - closeStarted).toBeLessThan(1500);
    await expect(send(`${own.url}/api/server`)).rejects.toThrow();
  });
});
