import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import { baseMapSources, expectMarkerDrawn } from './map-support';

/** Nothing listens there: the connection is refused at once, as on a site with no network. */
const UNREACHABLE = 'http://127.0.0.1:9';
// A 1×1 PNG: enough for a tile.
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('the map with no base map to be had', () => {
  let deviceId = 0;
  test.beforeAll(async () => {
    const api = await adminApi();
    const stamp = Date.now();
    const device = await createDevice(api, { name: `Sem mapa ${stamp}`, uniqueId: `offline${stamp}` });
    deviceId = device.id;
    await reportFix(device.uniqueId, { lat: -23.56, lon: -46.64, speed: 0 });
    await api.dispose();
  });
  test.afterAll(async () => {
    const api = await adminApi();
    await api.delete(`/api/devices/${deviceId}`);
    await api.dispose();
  });

  test.describe('a style the domain config names but cannot be fetched', () => {
    // The style is named only in the config.json this test rewrites in the browser, so the page's
    // Content-Security-Policy (built by the gateway from the real config) would block it before the
    // network could fail it; the fetch must fail as an unreachable server does, not as a CSP refusal.
    test.use({ bypassCSP: true });
    test('a configured style that cannot be loaded gives way to the offline map, which still shows the fleet and says so', async ({ page }) => {
      // The domain's config.json names a style on a server that is not there.
      await page.route('**/rastro/assets/custom/config.json', async (route) => {
        const answer = await route.fetch();
        await route.fulfill({ response: answer, json: { ...((await answer.json()) as object), mapStyleUrl: `${UNREACHABLE}/style.json` } });
      });
      await signIn(page, `/devices/${deviceId}`);
      // The fleet drawn means the map loaded (on the offline style): the notice came before.
      await expectMarkerDrawn(page, deviceId);
      await expect(page.getByTestId('map-offline-notice')).toHaveText('Mapa base indisponível: mostrando o mapa offline.');
    });
  });

  test('the server mapUrl tiles failing switch the map to the offline style, the fleet still on it, with the notice', async ({ page }) => {
    const api = await adminApi();
    const server = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
    const putServer = async (mapUrl: unknown) => expect((await api.put('/api/server', { data: { ...server, mapUrl } })).ok()).toBe(true);
    await putServer(`${UNREACHABLE}/{z}/{x}/{y}.png`);
    try {
      await signIn(page, `/devices/${deviceId}`);
      // The map loads first (slow on a loaded machine), then its base tiles fail.
      await expect(page.getByTestId('map-offline-notice')).toHaveText('Mapa base indisponível: mostrando o mapa offline.', { timeout: 30_000 });
      // The engine no longer holds the tile source: the offline style, not a background with holes.
      await expect.poll(() => baseMapSources(page)).toEqual([]);
      await expectMarkerDrawn(page, deviceId);
    } finally {
      await putServer(server.mapUrl ?? null);
      await api.dispose();
    }
  });

  test('base tiles that stop arriving while the map is in use give way to the offline style under the fleet, once', async ({ page }) => {
    // A real tile server: the gateway serving an uploaded image for every tile address.
    const api = await adminApi();
    expect((await api.post('/rastro/theme/images/favicon', { headers: { 'content-type': 'image/png' }, data: TILE_PNG })).ok()).toBe(true);
    const server = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
    const putServer = async (mapUrl: unknown) => expect((await api.put('/api/server', { data: { ...server, mapUrl } })).ok()).toBe(true);
    try {
      await signIn(page);
      await putServer(`${new URL(page.url()).origin}/rastro/assets/custom/images/favicon?tile={z}-{x}-{y}`);
      await page.goto(`/devices/${deviceId}`);
      await expectMarkerDrawn(page, deviceId);
      await expect.poll(() => baseMapSources(page)).toEqual(['base-custom']);
      await expect(page.getByTestId('map-offline-notice')).toHaveCount(0);

      // The tile server goes away; zooming out asks it for new tiles.
      await page.route('**/images/favicon?tile=*', (route) => route.abort('internetdisconnected'));
      const map = (await page.getByTestId('live-map').boundingBox())!;
      await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
      await page.mouse.wheel(0, 600);
      await expect(page.getByTestId('map-offline-notice')).toBeVisible();
      await expect.poll(() => baseMapSources(page)).toEqual([]);
      // Swapped under Rastro's layers, not a new map: the fleet is still drawn.
      await expectMarkerDrawn(page, deviceId);
    } finally {
      await putServer(server.mapUrl ?? null);
      await api.delete('/rastro/theme/images/favicon');
      await api.dispose();
    }
  });

  test('the offline map, when it is the one configured, shows no notice', async ({ page }) => {
    await signIn(page, `/devices/${deviceId}`);
    await expectMarkerDrawn(page, deviceId);
    await expect(page.getByTestId('map-offline-notice')).toHaveCount(0);
  });
});
