import { startGateway, type RunningGateway } from '../gateway';
import { startEchoUpstream, type EchoUpstream } from '../test-support/echo-upstream';
import { send } from '../test-support/http';
import { createWebRootFixture, type WebRootFixture } from '../test-support/web-root-fixture';
import { IMMUTABLE, REVALIDATE } from './cache-headers';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static hosting', () => {
  let web: WebRootFixture;
  let upstream: EchoUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // mf-map and mf-fleet are built; the other three remotes have no dist folder.
    web = await createWebRootFixture(['mf-map', 'mf-fleet']);
    upstream = await startEchoUpstream();
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: upstream.url, webRoot: web.dir, logger: false });
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await web.remove();
  });

  it("serves the shell's index.html at / uncached", async () => {
    const res = await send(`${gateway.url}/`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Rastro shell');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it('caches the hashed main bundle and chunks of the shell for a year and revalidates fixed names', async () => {
    const chunk = await send(`${gateway.url}/322.b25faa9897.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.text).toBe('console.log("shell chunk")');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    const main = await send(`${gateway.url}/main.d02e140592.js`);
    expect(main.text).toBe('console.log("shell main")');
    expect(main.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await send(`${gateway.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers client-side routes a browser navigates to with the shell (SPA fallback)', async () => {
    for (const route of ['/devices/12', '/reports/trips?from=2024-01-01', '/login']) {
      const res = await send(`${gateway.url}${route}`, { headers: HTML });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Rastro shell');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
    }
  });

  it('does not answer missing scripts or non-GET requests with the shell', async () => {
    const script = await send(`${gateway.url}/999.deadbeef00.js`, { headers: { accept: '*/*' } });
    expect(script.status).toBe(404);
    const post = await send(`${gateway.url}/devices/12`, { method: 'POST', headers: HTML });
    expect(post.status).toBe(404);
  });

  it("serves each remote's build under /remotes/<dir>/ with the right cache headers", async () => {
    const manifest = await send(`${gateway.url}/remotes/mf-map/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.json()).toMatchObject({ id: 'mf-map' });
    expect(manifest.headers['cache-control']).toBe(REVALIDATE);
    const stats = await send(`${gateway.url}/remotes/mf-fleet/mf-stats.json`);
    expect(stats.status).toBe(200);
    expect(stats.headers['cache-control']).toBe(REVALIDATE);
    // The manifest names the hashed remoteEntry, so the entry itself can be cached like a chunk.
    const entry = await send(`${gateway.url}/remotes/mf-fleet/remoteEntry.ebc523bdbb.js`);
    expect(entry.text).toBe('/* mf-fleet entry */');
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    const chunk = await send(`${gateway.url}/remotes/mf-fleet/103.2a9f83c7c0.js`);
    expect(chunk.text).toBe('/* mf-fleet chunk */');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers a plain 404, never the shell, for missing files and unbuilt remotes under /remotes', async () => {
    for (const path of ['/remotes/mf-map/missing.js', '/remotes/mf-billing/mf-manifest.json', '/remotes/nope/x.js']) {
      const res = await send(`${gateway.url}${path}`, { headers: HTML });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Rastro shell');
    }
  });

  it('supports conditional requests (ETag) so no-cache files revalidate cheaply', async () => {
    const first = await send(`${gateway.url}/remotes/mf-map/mf-manifest.json`);
    expect(first.headers.etag).toBeDefined();
    const again = await send(`${gateway.url}/remotes/mf-map/mf-manifest.json`, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('starts without any build at all and answers 404', async () => {
    const empty = await createWebRootFixture([]);
    await empty.remove();
    const bare = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: upstream.url, webRoot: empty.dir, logger: false });
    try {
      expect((await send(`${bare.url}/`, { headers: HTML })).status).toBe(404);
      expect((await send(`${bare.url}/remotes/mf-map/mf-manifest.json`)).status).toBe(404);
      expect((await send(`${bare.url}/rastro/remotes`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
