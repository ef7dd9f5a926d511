import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import { baseMapSources, drawnIn, expectMarkerDrawn } from './map-support';

// There is no network here: the providers' hosts are answered by the test itself, with a small tile
// and a small style committed beside this suite. The page's CSP is the gateway's real one.
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'base-maps');
const TILE = readFileSync(path.join(FIXTURES, 'tile.png'));
const STYLE = readFileSync(path.join(FIXTURES, 'style.json'), 'utf8');

/**
 * Answers every request to `hosts`: the style documents named in `styles` with the fixture style
 * (its tiles on the same host), anything else with the fixture tile, or a refusal for hosts in
 * `down`. Returns every URL asked for, in order.
 */
async function serveProviders(context: BrowserContext, styles: readonly string[], down: Set<string> = new Set()): Promise<string[]> {
  const asked: string[] = [];
  await context.route(
    (url) => url.protocol === 'https:',
    async (route) => {
      const url = route.request().url();
      asked.push(url);
      const { origin, hostname } = new URL(url);
      if (down.has(hostname)) return route.abort('internetdisconnected');
      if (styles.includes(url)) return route.fulfill({ contentType: 'application/json', body: STYLE.replaceAll('{origin}', origin) });
      return route.fulfill({ contentType: 'image/png', body: TILE });
    },
  );
  return asked;
}

/** The config.json of a stack that says nothing about the base map: the out-of-the-box default. */
async function outOfTheBox(page: Page): Promise<void> {
  await page.route('**/rastro/assets/custom/config.json', async (route) => {
    const answer = await route.fetch();
    const { defaultBaseMap: _offline, ...config } = (await answer.json()) as Record<string, unknown>;
    await route.fulfill({ response: answer, json: config });
  });
}

const openLayers = (page: Page) => page.getByTestId('map-layers').getByRole('button', { name: 'Camadas do mapa' }).click();
const liveMap = (page: Page) => page.getByTestId('live-map');
/** The map has drawn this base map (after loading its engine, and its style: slow on a loaded machine). */
const expectBaseMap = (page: Page, id: string) => expect(liveMap(page)).toHaveAttribute('data-base-map', id, { timeout: 30_000 });

test.describe('base maps', () => {
  // Each test walks through several base maps, each loading in software WebGL.
  test.describe.configure({ timeout: 120_000 });
  let api: APIRequestContext;
  let deviceId = 0;
  let geofenceId = 0;
  const place = { lat: -23.561, lon: -46.656 };

  test.beforeAll(async () => {
    api = await adminApi();
    const stamp = Date.now();
    const device = await createDevice(api, { name: `Mapa base ${stamp}`, uniqueId: `basemap${stamp}` });
    deviceId = device.id;
    await reportFix(device.uniqueId, { ...place, speed: 0 });
    const geofence = await api.post('/api/geofences', { data: { name: `Cerca mapa base ${stamp}`, area: `CIRCLE (${place.lat} ${place.lon}, 120)`, attributes: {} } });
    expect(geofence.ok(), await geofence.text()).toBe(true);
    geofenceId = ((await geofence.json()) as { id: number }).id;
  });
  test.afterAll(async () => {
    await api.delete(`/api/devices/${deviceId}`);
    await api.delete(`/api/geofences/${geofenceId}`);
    await api.dispose();
  });

  test('out of the box the map shows OpenStreetMap with its attribution; the switcher, by keyboard, swaps the base map under the fleet and camera, and the choice survives a reload', async ({ page }) => {
    await outOfTheBox(page);
    const asked = await serveProviders(page.context(), ['https://tiles.openfreemap.org/styles/liberty']);
    await signIn(page, `/devices/${deviceId}`);
    await expectBaseMap(page, 'osm');
    await expect.poll(() => baseMapSources(page)).toEqual(['base-osm']);
    await expect.poll(() => asked.some((url) => /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    await expect(page.getByTestId('map-attribution')).toHaveText('© OpenStreetMap contributors');
    await expect(page.getByTestId('map-attribution').getByRole('link')).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    await expect(page.getByTestId('map-offline-notice')).toHaveCount(0);
    const myGeofence = async () => (await drawnIn(page, 'rastro-geofences-*')).some((feature) => feature.properties.geofenceId === geofenceId);

    await openLayers(page);
    const switcher = page.getByTestId('map-base-maps');
    await expect(page.getByRole('group', { name: 'Mapa base' })).toBeVisible();
    // Keyless sources only: no provider key is in the server settings.
    const offered = await switcher.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    expect(offered).toEqual(['offline', 'osm', 'openFreeMap', 'cartoLight', 'cartoDark', 'openTopoMap', 'esriImagery']);
    await expectAccessible(page, '[data-testid="map-layers"]');
    const camera = async () => [await liveMap(page).getAttribute('data-center'), await liveMap(page).getAttribute('data-zoom')];

    // A radio group: the arrow keys move the choice.
    await page.getByTestId('map-base-osm').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('map-base-openFreeMap')).toBeChecked();
    await expectBaseMap(page, 'openFreeMap');
    await expect.poll(() => baseMapSources(page)).toEqual(['provider-tiles']);
    expect(asked).toContain('https://tiles.openfreemap.org/styles/liberty');
    await expect.poll(() => asked.some((url) => url.startsWith('https://tiles.openfreemap.org/fixture-tiles/'))).toBe(true);
    await expect(page.getByTestId('map-attribution')).toContainText('OpenFreeMap');
    await expectMarkerDrawn(page, deviceId);
    await expect.poll(myGeofence).toBe(true);
    const before = await camera();

    await page.keyboard.press('ArrowDown');
    await expectBaseMap(page, 'cartoLight');
    await expect.poll(() => asked.some((url) => /^https:\/\/[a-d]\.basemaps\.cartocdn\.com\/light_all\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    await expect(page.getByTestId('map-attribution')).toHaveText('© OpenStreetMap contributors · © CARTO');
    // The swap happened under the fleet: same markers, geofence and camera (the style's own centre is not taken).
    await expectMarkerDrawn(page, deviceId);
    await expect.poll(myGeofence).toBe(true);
    expect(await camera()).toEqual(before);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('mapPref'))) ?? '{}')).toMatchObject({ baseMap: 'cartoLight' });

    await page.reload();
    await expectMarkerDrawn(page, deviceId);
    await expectBaseMap(page, 'cartoLight');
    await expect.poll(() => baseMapSources(page)).toEqual(['base-cartoLight']);
  });

  test('a keyed provider is offered once the server settings hold its key, asked for with it; tiles that fail give way to the offline map with a notice', async ({ page }) => {
    const server = (await (await api.get('/api/server')).json()) as { attributes: Record<string, unknown> } & Record<string, unknown>;
    const putServer = async (attributes: Record<string, unknown>) => expect((await api.put('/api/server', { data: { ...server, attributes } })).ok()).toBe(true);
    const styleUrl = 'https://api.maptiler.com/maps/streets-v2/style.json?key=e2e-maptiler-key';
    await putServer({ ...server.attributes, mapTilerKey: 'e2e-maptiler-key' });
    try {
      const asked = await serveProviders(page.context(), [styleUrl], new Set(['a.basemaps.cartocdn.com', 'b.basemaps.cartocdn.com', 'c.basemaps.cartocdn.com', 'd.basemaps.cartocdn.com']));
      await signIn(page, `/devices/${deviceId}`);
      await expectMarkerDrawn(page, deviceId);
      // The e2e stack's own default (DEFAULT_BASE_MAP=offline): nothing asked of any provider, no attribution.
      await expectBaseMap(page, 'offline');
      await expect(page.getByTestId('map-attribution')).toHaveCount(0);

      await openLayers(page);
      await page.getByTestId('map-base-mapTiler').check();
      await expectBaseMap(page, 'mapTiler');
      expect(asked).toContain(styleUrl);
      await expect.poll(() => asked.some((url) => url.startsWith('https://api.maptiler.com/fixture-tiles/'))).toBe(true);
      await expect(page.getByTestId('map-attribution')).toHaveText('© MapTiler · © OpenStreetMap contributors');

      // Carto's servers are down: after a few failed tiles the offline background, the fleet still on it.
      await page.getByTestId('map-base-cartoDark').check();
      await expect(page.getByTestId('map-offline-notice')).toHaveText('Mapa base indisponível: mostrando o mapa offline.');
      await expect.poll(() => baseMapSources(page)).toEqual([]);
      await expect(page.getByTestId('map-attribution')).toHaveCount(0);
      await expectMarkerDrawn(page, deviceId);
    } finally {
      await putServer(server.attributes);
    }
  });
});
