import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import { baseMapSources, drawnIn, expectMarkerDrawn, screenPoint } from './map-support';

// mapbox-gl, with a Mapbox token in the server settings, in a real browser with no network: every
// Mapbox host (styles, sprites, fonts, tiles, map sessions, events) is answered by this test.
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'base-maps');
const TILE = readFileSync(path.join(FIXTURES, 'tile.png'));
const STYLE = readFileSync(path.join(FIXTURES, 'style.json'), 'utf8');
/** The fixture tile's colour (see fixtures/base-maps/tile.png). */
const TILE_RGB = [170, 211, 223];
// A token of Mapbox's shape (pk. + base64 JSON naming a user + signature): mapbox-gl reads its user from it.
const TOKEN = `pk.${Buffer.from(JSON.stringify({ u: 'rastro-e2e', a: 'e2e' })).toString('base64url')}.e2e-signature`;

/** What Mapbox's hosts answer, by path: each kind of request mapbox-gl makes, recorded. */
function answerMapbox(asked: string[]) {
  return async (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(url.href);
    if (url.hostname === 'events.mapbox.com') return route.fulfill({ status: 204 });
    if (url.pathname.startsWith('/map-sessions/')) return route.fulfill({ json: {} });
    if (url.pathname.startsWith('/fonts/')) return route.fulfill({ contentType: 'application/x-protobuf', body: Buffer.alloc(0) });
    if (url.pathname.includes('/sprite')) return route.fulfill(url.pathname.endsWith('.json') ? { json: {} } : { contentType: 'image/png', body: TILE });
    if (url.pathname.startsWith('/styles/v1/')) return route.fulfill({ contentType: 'application/json', body: STYLE.replaceAll('{origin}', url.origin) });
    return route.fulfill({ contentType: 'image/png', body: TILE });
  };
}

/** The colour drawn at a point of the page, read from a real screenshot (the WebGL canvas as the user sees it). */
async function colourAt(page: Page, at: { x: number; y: number }): Promise<number[]> {
  const shot = await page.screenshot({ clip: { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 } });
  return page.evaluate(async (png) => {
    // An image, not fetch: the page's CSP allows data: images, not data: connections.
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const bitmap = await createImageBitmap(image);
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, shot.toString('base64'));
}

test('with a Mapbox token the map is mapbox-gl: a Mapbox style, the live marker, a geofence and a route are drawn, every Mapbox host answered locally', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await adminApi();
  const stamp = Date.now();
  const place = { lat: -23.5632, lon: -46.6544 };
  const device = await createDevice(api, { name: `Mapbox ${stamp}`, uniqueId: `mapbox${stamp}` });
  const from = new Date(Date.now() - 60_000).toISOString();
  for (const [index, offset] of [0.004, 0.002, 0].entries()) {
    await reportFix(device.uniqueId, { lat: place.lat + offset, lon: place.lon - offset, speed: index === 2 ? 0 : 20, timestamp: Math.floor(Date.now() / 1000) - 30 + index });
  }
  const geofence = await api.post('/api/geofences', { data: { name: `Cerca Mapbox ${stamp}`, area: `CIRCLE (${place.lat} ${place.lon}, 100)`, attributes: {} } });
  expect(geofence.ok(), await geofence.text()).toBe(true);
  const geofenceId = ((await geofence.json()) as { id: number }).id;
  const server = (await (await api.get('/api/server')).json()) as { attributes: Record<string, unknown> } & Record<string, unknown>;
  const putServer = async (attributes: Record<string, unknown>, map: unknown) => expect((await api.put('/api/server', { data: { ...server, map, attributes } })).ok()).toBe(true);
  // The server's default base map is a Mapbox style, with the token in the server settings.
  await putServer({ ...server.attributes, mapboxAccessToken: TOKEN }, 'mapboxStreets');
  try {
    const asked: string[] = [];
    await page.context().route(/^https:\/\/([a-z0-9-]+\.)*mapbox\.com\//, answerMapbox(asked));
    await signIn(page, `/devices/${device.id}`);
    await expect(page.locator('canvas.mapboxgl-canvas')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(0);
    const marker = await expectMarkerDrawn(page, device.id);
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-base-map', 'mapboxStreets');
    await expect.poll(() => baseMapSources(page)).toEqual(['provider-tiles']);
    await expect.poll(async () => (await drawnIn(page, 'rastro-geofences-*')).some((feature) => feature.properties.geofenceId === geofenceId)).toBe(true);
    expect(asked.some((url) => url.startsWith('https://api.mapbox.com/styles/v1/mapbox/streets-v12?') && url.includes(`access_token=${TOKEN}`))).toBe(true);
    await expect.poll(() => asked.some((url) => url.startsWith('https://api.mapbox.com/fixture-tiles/'))).toBe(true);
    await expect(page.getByTestId('map-attribution')).toHaveText('© Mapbox · © OpenStreetMap contributors');

    // Drawn, not only placed: the screen shows the Mapbox tiles away from the fleet (clear of the
    // side panel on the left and the device card at the top right), and the marker's own colours on them.
    const box = (await page.getByTestId('live-map').boundingBox())!;
    await expect.poll(() => colourAt(page, { x: box.x + box.width * 0.75, y: box.y + box.height * 0.7 })).toEqual(TILE_RGB);
    expect(await colourAt(page, { x: box.x + marker.at!.x, y: box.y + marker.at!.y })).not.toEqual(TILE_RGB);

    const to = new Date(Date.now() + 60_000).toISOString();
    const positions = (await (await page.request.get(`/api/reports/route?deviceId=${device.id}&from=${from}&to=${to}`)).json()) as unknown[];
    expect(positions.length).toBeGreaterThanOrEqual(3);
    await page.evaluate((route) => (window as unknown as { rastroBus: { emit(event: string, value: unknown): void } }).rastroBus.emit('route:shown', { positions: route }), positions);
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-route', String(positions.length));
    await expect.poll(async () => (await drawnIn(page, 'rastro-route-line')).length).toBeGreaterThan(0);
    expect(await screenPoint(page, [place.lon, place.lat])).not.toBeNull();
    // Telemetry went to Mapbox's events host (answered here), as mapbox-gl always sends it.
    await expect.poll(() => asked.some((url) => url.startsWith('https://events.mapbox.com/'))).toBe(true);
  } finally {
    await putServer(server.attributes, server.map ?? null);
    await api.delete(`/api/devices/${device.id}`);
    await api.delete(`/api/geofences/${geofenceId}`);
    await api.dispose();
  }
});
