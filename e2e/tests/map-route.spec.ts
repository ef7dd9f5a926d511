import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { drawnIn } from './map-support';

interface ApiPosition {
  deviceId: number;
  latitude: number;
  longitude: number;
  speed: number;
  fixTime: string;
  attributes: Record<string, unknown>;
}

const place = (position: ApiPosition) => `${position.longitude.toFixed(6)},${position.latitude.toFixed(6)}`;

async function latestPositions(page: Page): Promise<ApiPosition[]> {
  return (await (await page.request.get('/api/positions')).json()) as ApiPosition[];
}

/** Route seconds the playback test needs: at rate 1 it must still be playing when the test pauses it. */
const PLAYBACK_ROUTE_MS = 15_000;

/**
 * The tracker's own route report for a moving demo device, once it has fixes in a few places
 * spread over PLAYBACK_ROUTE_MS (the simulator adds one every 2 s).
 */
async function movingRoute(page: Page): Promise<ApiPosition[]> {
  const moving = (await latestPositions(page)).find((position) => position.attributes.motion === true && position.speed > 5);
  if (!moving) throw new Error('no demo device is moving');
  const from = new Date(Date.now() - 3_600_000).toISOString();
  let route: ApiPosition[] = [];
  await expect
    .poll(
      async () => {
        const to = new Date(Date.now() + 60_000).toISOString();
        route = (await (await page.request.get(`/api/reports/route?deviceId=${moving.deviceId}&from=${from}&to=${to}`)).json()) as ApiPosition[];
        const span = route.length > 1 ? Date.parse(route[route.length - 1]!.fixTime) - Date.parse(route[0]!.fixTime) : 0;
        return new Set(route.map(place)).size >= 3 && span >= PLAYBACK_ROUTE_MS;
      },
      { timeout: PLAYBACK_ROUTE_MS + 20_000, intervals: [1_000] },
    )
    .toBe(true);
  return route;
}

/** What any remote does to show a route: the page's real bus, reached through the map's tool hook. */
async function showRoute(page: Page, positions: ApiPosition[] | null): Promise<void> {
  await page.evaluate((route) => {
    const { rastroBus } = window as unknown as { rastroBus: { emit(event: string, value: unknown): void } };
    rastroBus.emit('route:shown', route && { positions: route });
  }, positions);
}

test('a route is drawn from the route report, plays back, scrubs to the end and is cleared', async ({ page }) => {
  // On a stack that has just started, the demo fleet needs PLAYBACK_ROUTE_MS to drive a route.
  test.setTimeout(60_000 + PLAYBACK_ROUTE_MS);
  await signIn(page);
  const map = page.getByTestId('live-map');
  await expect(map).toHaveAttribute('data-center', /,/);
  const route = await movingRoute(page);
  // A route asked for: the map draws its layers once, unseen, to have their GPU programs ready for it,
  // and leaves nothing of that behind.
  await page.evaluate(() => (window as unknown as { rastroBus: { emit(event: string): void } }).rastroBus.emit('route:expected'));
  await expect.poll(async () => (await drawnIn(page, 'rastro-route*')).length, { timeout: 10_000 }).toBe(0);
  await showRoute(page, route);

  const playback = page.getByTestId('route-playback');
  await expect(playback).toBeVisible();
  await expect(map).toHaveAttribute('data-route', String(route.length));
  // The marker waits at the first fix, and the camera frames the route.
  await expect(map).toHaveAttribute('data-playback', place(route[0]!));
  const time = await page.getByTestId('route-time').textContent();

  // Real time over a route of PLAYBACK_ROUTE_MS, so it is still on its way when paused. Paused only
  // once the label shows a later second: the label's resolution is a second, and how much real time
  // passes between two clicks on a busy machine is anyone's guess.
  await page.getByTestId('route-rate').selectOption('1');
  await page.getByTestId('route-play').click();
  await expect(page.getByTestId('route-play')).toHaveText('Pausar');
  await expect(map).not.toHaveAttribute('data-playback', place(route[0]!));
  await expect(page.getByTestId('route-time')).not.toHaveText(time ?? '');
  await page.getByTestId('route-play').click();
  await expect(page.getByTestId('route-play')).toHaveText('Reproduzir');
  await expect(page.getByTestId('route-time')).not.toHaveText(time ?? '');

  const scrub = page.getByTestId('route-scrub');
  await scrub.fill((await scrub.getAttribute('max')) ?? '');
  await expect(map).toHaveAttribute('data-playback', place(route[route.length - 1]!));

  await page.getByTestId('route-clear').click();
  await expect(playback).toBeHidden();
  await expect(map).toHaveAttribute('data-route', '');
  await expect(map).toHaveAttribute('data-playback', '');

  // An empty report says so instead of drawing nothing.
  await showRoute(page, []);
  await expect(page.getByTestId('route-empty')).toHaveText('Nenhuma rota no período selecionado.');
  await showRoute(page, null);
  await expect(playback).toBeHidden();
});

test('street view from the device detail says plainly that no provider is configured', async ({ page }) => {
  await signIn(page);
  const [first] = await latestPositions(page);
  if (!first) throw new Error('the demo fleet has no positions');
  await page.goto(`/devices/${first.deviceId}`);
  await page.getByTestId('action-street-view').click();
  const panel = page.getByTestId('street-view');
  await expect(panel.getByTestId('street-view-unconfigured')).toHaveText(/^Nenhum serviço de street view está configurado/);
  await expect(panel.getByTestId('street-view-frame')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Fechar street view' }).click();
  await expect(panel).toBeHidden();
});

test('a shared link shows only its device, on a full-width map that follows it', async ({ browser }) => {
  const api = await adminApi();
  const positions = (await (await api.get('/api/positions')).json()) as ApiPosition[];
  const shared = positions.find((position) => position.attributes.motion === true && position.speed > 5) ?? positions[0];
  if (!shared) throw new Error('the demo fleet has no positions');
  const created = await api.post('/rastro/shares', { data: { name: 'Mapa compartilhado e2e', deviceIds: [shared.deviceId], expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()) as { token: string };

  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/share/${token}`);
  await expect(page.getByTestId('share-countdown')).toBeVisible();
  await expect(page.getByTestId('map-device-count')).toHaveText('1 dispositivo no mapa');
  const map = page.getByTestId('live-map');
  expect((await map.boundingBox())?.width).toBeGreaterThan(1280 * 0.95);
  await expect(map).toHaveAttribute('data-following', String(shared.deviceId));
  // The camera is on the device's latest fix, also after it has moved on.
  const distance = async () => {
    const latest = ((await (await api.get('/api/positions')).json()) as ApiPosition[]).find((position) => position.deviceId === shared.deviceId)!;
    const [lng, lat] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
    return Math.hypot(latest.longitude - lng!, latest.latitude - lat!);
  };
  await expect.poll(distance, { timeout: 15_000, intervals: [500] }).toBeLessThan(0.001);
  await context.close();
  await api.dispose();
});
