import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';
import { FORM_HEADERS, signIn } from '../test-support/sign-in';
import { createWebRootFixture, type WebRootFixture } from '../test-support/web-root-fixture';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const LOGIN = new URLSearchParams({ email: demoAccount.email, password: demoAccount.password }).toString();

// Issue 14: no SameSite nor Secure on the session cookie, writes from other sites accepted with
// it (CSRF), and pages without a Content-Security-Policy, nosniff, framing rule or referrer policy.
describe('cookies, cross-site writes and page headers', () => {
  let tracker: RunningTracker;
  let gateway: RunningGateway;
  let web: WebRootFixture;
  let admin: string;

  const groupCount = async () => (await send(`${tracker.url}/api/groups?all=true`, { headers: { cookie: admin } })).json<unknown[]>().length;

  beforeAll(async () => {
    web = await createWebRootFixture(['mf-map']);
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      webRoot: web.dir,
      logger: false,
      tenants: { default: { remotes: { mf_fleet: { enabled: true, entry: 'https://cdn.reseller.example/mf-fleet/remoteEntry.js' } } } },
    });
    admin = (await signIn(gateway.url, demoAccount.email, demoAccount.password)) ?? '';
    expect(admin).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
    await web?.remove();
  });

  it('the session cookie is SameSite, and Secure when the browser came over HTTPS', async () => {
    const plain = await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: LOGIN });
    const cookie = plain.headers['set-cookie']?.find((value) => value.startsWith('JSESSIONID=')) ?? '';
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const tls = await send(`${gateway.url}/api/session`, { method: 'POST', headers: { ...FORM_HEADERS, 'x-forwarded-proto': 'https' }, body: LOGIN });
    expect(tls.headers['set-cookie']?.find((value) => value.startsWith('JSESSIONID='))).toMatch(/;\s*Secure/i);
  });

  it('refuses a write another site makes with the cookie, form-encoded or not, and stores nothing', async () => {
    const before = await groupCount();
    const fromElsewhere = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.tenant.example' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of fromElsewhere) {
      const form = await send(`${gateway.url}/api/groups`, { method: 'POST', headers: { ...FORM_HEADERS, ...headers, cookie: admin }, body: 'name=csrf' });
      expect(form.status).toBe(403);
      expect(form.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      const json = await send(`${gateway.url}/api/groups`, { method: 'POST', headers: { ...JSON_HEADERS, ...headers, cookie: admin }, body: JSON.stringify({ name: 'csrf' }) });
      expect(json.status).toBe(403);
    }
    // Login CSRF too: another site cannot sign the browser into an account of its choosing.
    expect((await send(`${gateway.url}/api/session`, { method: 'POST', headers: { ...FORM_HEADERS, 'sec-fetch-site': 'cross-site' }, body: LOGIN })).status).toBe(403);
    expect(await groupCount()).toBe(before);
  });

  it('accepts the same writes from its own pages and from API clients that send no browser headers', async () => {
    const host = new URL(gateway.url).host;
    const own = await send(`${gateway.url}/api/groups`, { method: 'POST', headers: { ...JSON_HEADERS, 'sec-fetch-site': 'same-origin', origin: gateway.url, cookie: admin }, body: JSON.stringify({ name: 'own page' }) });
    expect(own.status).toBe(200);
    const oldBrowser = await send(`${gateway.url}/api/groups`, { method: 'POST', headers: { ...JSON_HEADERS, origin: `http://${host}`, cookie: admin }, body: JSON.stringify({ name: 'origin only' }) });
    expect(oldBrowser.status).toBe(200);
    expect((await send(`${gateway.url}/api/session`, { method: 'POST', headers: { ...FORM_HEADERS, 'sec-fetch-site': 'same-origin' }, body: LOGIN })).status).toBe(200);
    expect((await send(`${gateway.url}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: LOGIN })).status).toBe(200);
  });

  it('serves pages with a CSP naming its remotes and socket, no framing, nosniff and a referrer policy', async () => {
    const page = await send(`${gateway.url}/devices/12`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.reseller.example");
    expect(csp).toContain(`ws://${new URL(gateway.url).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await send(`${gateway.url}/api/server`);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('answers of the tracking and product APIs are never stored by the browser or a proxy, unless the route says how to cache itself', async () => {
    // ASVS 8.2.1: positions, users and audit rows must not stay in a shared computer's cache.
    for (const path of ['/api/devices', '/api/session', '/rastro/shares', '/api/nowhere']) {
      const answer = await send(`${gateway.url}${path}`, { headers: { cookie: admin, accept: 'application/json' } });
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    // A refusal too (nothing cached for the next user of the browser), and a route's own rule is kept.
    expect((await send(`${gateway.url}/api/devices`)).headers['cache-control']).toBe('no-store');
    expect((await send(`${gateway.url}/rastro/theme`)).headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker unpinned (a deploy is seen at once), under the worker-src the page allows and its own CSP', async () => {
    const page = String((await send(`${gateway.url}/`, { headers: { accept: 'text/html' } })).headers['content-security-policy']);
    expect(page).toContain("worker-src 'self'");
    const worker = await send(`${gateway.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('https://cdn.reseller.example');
  });

  it("allows exactly the configured base maps' hosts: the keyless ones, a keyed provider once its key is in the server settings, the server's own tiles", async () => {
    const mapDirectives = async () => {
      const csp = String((await send(`${gateway.url}/`, { headers: { accept: 'text/html' } })).headers['content-security-policy']);
      return ['img-src', 'connect-src'].map((name) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '');
    };
    for (const directive of await mapDirectives()) {
      expect(directive).toContain('https://tile.openstreetmap.org');
      expect(directive).toContain('https://tiles.openfreemap.org');
      expect(directive).not.toContain('https://api.maptiler.com');
      expect(directive).not.toContain('https://tiles.example.org');
    }
    const server = (await send(`${gateway.url}/api/server`, { headers: { cookie: admin } })).json<Record<string, unknown>>();
    const put = (settings: Record<string, unknown>) =>
      send(`${gateway.url}/api/server`, { method: 'PUT', headers: { ...JSON_HEADERS, cookie: admin }, body: JSON.stringify({ ...server, ...settings }) });
    try {
      expect((await put({ mapUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attributes: { ...(server.attributes as object), mapTilerKey: 'test-key' } })).status).toBe(200);
      for (const directive of await mapDirectives()) {
        expect(directive).toContain('https://api.maptiler.com');
        expect(directive).toContain('https://tiles.example.org');
        expect(directive).toContain('https://tile.openstreetmap.org');
        expect(directive).not.toContain('https://api.tomtom.com');
      }
    } finally {
      expect((await put({})).status).toBe(200);
    }
  });
});
