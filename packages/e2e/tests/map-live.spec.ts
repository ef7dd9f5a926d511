import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './demo';

interface ApiPosition {
  deviceId: number;
  latitude: number;
  longitude: number;
  speed: number;
  attributes: Record<string, unknown>;
}

async function mapCenter(page: Page): Promise<[number, number]> {
  const value = await page.getByTestId('live-map').getAttribute('data-center');
  const [lng, lat] = (value ?? '').split(',').map(Number);
  return [lng ?? NaN, lat ?? NaN];
}

test('markers are drawn for the fleet and the picture changes as fixes arrive', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map-device-count')).toHaveText(/^([5-9]\d|\d{3,}) dispositivos no mapa$/);
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-center', /,/);
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('the map has no size');
  const picture = () => page.screenshot({ clip: box, animations: 'allow', timeout: 5_000 });
  const before = await picture();
  await expect.poll(async () => Buffer.compare(before, await picture()) !== 0, { timeout: 10_000, intervals: [1_000] }).toBe(true);
});

test('a followed device keeps the camera on it as it moves', async ({ page }) => {
  await signIn(page);
  const positions = (await (await page.request.get('/api/positions')).json()) as ApiPosition[];
  const moving = positions.find((position) => position.attributes.motion === true && position.speed > 5) ?? positions[0];
  if (!moving) throw new Error('the demo fleet has no positions');
  await page.goto(`/devices/${moving.deviceId}`);
  await expect(page.getByTestId('selected-device')).toBeVisible();
  await page.getByTestId('selected-device-follow').click();
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-following', String(moving.deviceId));

  const latest = async () => {
    const all = (await (await page.request.get('/api/positions')).json()) as ApiPosition[];
    const fix = all.find((position) => position.deviceId === moving.deviceId)!;
    return [fix.longitude, fix.latitude] as [number, number];
  };
  const near = async () => {
    const [[lng, lat], [centerLng, centerLat]] = [await latest(), await mapCenter(page)];
    return Math.hypot(lng - centerLng, lat - centerLat);
  };
  // The camera sits on the device now, and again after it has moved on.
  await expect.poll(near, { timeout: 10_000, intervals: [500] }).toBeLessThan(0.001);
  const firstCenter = await mapCenter(page);
  await expect.poll(async () => Math.hypot(...(await mapCenter(page)).map((value, index) => value - firstCenter[index]!) as [number, number]), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(near, { timeout: 10_000, intervals: [500] }).toBeLessThan(0.001);

  await page.getByTestId('selected-device-follow').click();
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-following', '');
});

test('layer choices persist in the browser as mapPref', async ({ page }) => {
  await signIn(page);
  const layers = page.getByTestId('map-layers');
  await layers.getByRole('button', { name: 'Camadas do mapa' }).click();
  await expect(page.getByTestId('map-layer-names')).toBeChecked();
  await page.getByTestId('map-layer-names').uncheck();
  await page.getByTestId('map-layer-plates').check();
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('mapPref'))) ?? '{}')).toMatchObject({ names: false, plates: true });

  await page.reload();
  await layers.getByRole('button', { name: 'Camadas do mapa' }).click();
  await expect(page.getByTestId('map-layer-names')).not.toBeChecked();
  await expect(page.getByTestId('map-layer-plates')).toBeChecked();
});
