import { apiErrorSchema, appConfigSchema, remotesManifestSchema } from '@rastro/shared/contract';
import { startGateway, type RunningGateway } from '../gateway';
import { startEchoUpstream, type EchoUpstream } from '../test-support/echo-upstream';
import { send } from '../test-support/http';
import { createWebRootFixture, type WebRootFixture } from '../test-support/web-root-fixture';

// The product API (/rastro) over real HTTP. The upstream is a recording server: these routes
// only need "something answering /api/server" for the health check.
describe('product API', () => {
  let web: WebRootFixture;
  let upstream: EchoUpstream;
  let gateway: RunningGateway;
  const savedEnv = { ...process.env };

  async function start(env: Record<string, string | undefined> = {}): Promise<RunningGateway> {
    // The gateway reads MAPBOX_TOKEN / MAP_STYLE_URL once, at start.
    process.env.MAPBOX_TOKEN = env.MAPBOX_TOKEN;
    process.env.MAP_STYLE_URL = env.MAP_STYLE_URL;
    if (env.MAPBOX_TOKEN === undefined) delete process.env.MAPBOX_TOKEN;
    if (env.MAP_STYLE_URL === undefined) delete process.env.MAP_STYLE_URL;
    return startGateway({
      port: 0,
      host: '127.0.0.1',
      traccarUrl: upstream.url,
      webRoot: web.dir,
      logger: false,
      tenants: {
        default: { remotes: {} },
        domains: {
          'reseller.example': {
            remotes: {
              mf_billing: { enabled: false },
              mf_map: { enabled: true, entry: 'https://cdn.reseller.example/map/mf-manifest.json' },
            },
            config: { title: 'Reseller Track' },
          },
        },
      },
    });
  }

  beforeAll(async () => {
    web = await createWebRootFixture();
    upstream = await startEchoUpstream();
    gateway = await start();
  }, 30_000);

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await web.remove();
    process.env = savedEnv;
  });

  describe('GET /rastro/remotes', () => {
    it('lists all five remotes at the gateway for the default tenant, uncached', async () => {
      const res = await send(`${gateway.url}/rastro/remotes`, { headers: { host: 'unknown.example:8080' } });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const manifest = remotesManifestSchema.parse(res.json());
      expect(manifest.remotes).toEqual([
        { name: 'mf_map', entry: '/remotes/mf-map/mf-manifest.json' },
        { name: 'mf_fleet', entry: '/remotes/mf-fleet/mf-manifest.json' },
        { name: 'mf_reports', entry: '/remotes/mf-reports/mf-manifest.json' },
        { name: 'mf_billing', entry: '/remotes/mf-billing/mf-manifest.json' },
        { name: 'mf_admin', entry: '/remotes/mf-admin/mf-manifest.json' },
      ]);
    });

    it("gives a reseller's domain (any port, any case) its own remotes: one off, one pointed elsewhere", async () => {
      const res = await send(`${gateway.url}/rastro/remotes`, { headers: { host: 'RESELLER.example:8443' } });
      const manifest = remotesManifestSchema.parse(res.json());
      expect(manifest.remotes.map((remote) => remote.name)).toEqual(['mf_map', 'mf_fleet', 'mf_reports', 'mf_admin']);
      expect(manifest.remotes[0]).toEqual({ name: 'mf_map', entry: 'https://cdn.reseller.example/map/mf-manifest.json' });
    });

    it('answers a malformed Host header with a 400 naming the field', async () => {
      const res = await send(`${gateway.url}/rastro/remotes`, { headers: { host: 'bad_host!' } });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_INPUT', fields: ['host'] });
    });
  });

  describe('GET /rastro/assets/custom/config.json', () => {
    it('without MAPBOX_TOKEN: no token, default title', async () => {
      const res = await send(`${gateway.url}/rastro/assets/custom/config.json`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(appConfigSchema.parse(res.json())).toEqual({ title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
    });

    it('with MAPBOX_TOKEN and MAP_STYLE_URL, merged with the tenant config', async () => {
      const withToken = await start({ MAPBOX_TOKEN: 'pk.test-token', MAP_STYLE_URL: 'https://styles.example/s.json' });
      try {
        const plain = await send(`${withToken.url}/rastro/assets/custom/config.json`);
        expect(plain.json()).toEqual({ title: 'Rastro', mapboxToken: 'pk.test-token', mapStyleUrl: 'https://styles.example/s.json' });
        const reseller = await send(`${withToken.url}/rastro/assets/custom/config.json`, { headers: { host: 'reseller.example' } });
        expect(reseller.json()).toEqual({ title: 'Reseller Track', mapboxToken: 'pk.test-token', mapStyleUrl: 'https://styles.example/s.json' });
      } finally {
        await withToken.close();
      }
    });
  });

  describe('GET /rastro/health', () => {
    it('reports the tracking server up', async () => {
      const res = await send(`${gateway.url}/rastro/health`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', uptime: expect.any(Number), traccar: 'up' });
    });

    it('still answers 200, with traccar down, when the tracking server is unreachable', async () => {
      const closedPort = await startEchoUpstream();
      await closedPort.close();
      const orphan = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: closedPort.url, webRoot: web.dir, logger: false });
      try {
        const res = await send(`${orphan.url}/rastro/health`);
        expect(res.status).toBe(200);
        expect(res.json()).toMatchObject({ status: 'ok', traccar: 'down' });
      } finally {
        await orphan.close();
      }
    });
  });

  it('answers unknown /rastro paths with a JSON 404, for a page navigation too', async () => {
    for (const path of ['/rastro/nope', '/rastro', '/rastro/assets/other.json']) {
      const res = await send(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await send(`${gateway.url}/rastro/remotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('describes itself as OpenAPI 3.1, generated from the schemas its routes validate with', async () => {
    const res = await send(`${gateway.url}/rastro/openapi.json`);
    expect(res.status).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/rastro/remotes', '/rastro/assets/custom/config.json', '/rastro/health']));
    expect(document.paths['/rastro/remotes']?.get?.responses[200]).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { remotes: { type: 'array' } } } } },
    });
  });

  it('answers a URL that does not decode with the product error shape', async () => {
    const res = await send(`${gateway.url}/rastro/shares/%ZZ`);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'NON_CANONICAL_PATH', fields: ['path'] });
  });

  it('answers an unparsable JSON body with a JSON 400', async () => {
    const res = await send(`${gateway.url}/rastro/anything`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_INPUT', fields: ['body'] });
  });
});
