import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';

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
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-markers', /^[1-9]\d*$/);
  const before = await picture();
  // The simulator moves the fleet every 2 s; a busy machine takes its time to screenshot.
  await expect.poll(async () => Buffer.compare(before, await picture()) !== 0, { timeout: 20_000, intervals: [1_000] }).toBe(true);
});

test('a followed device keeps the camera on it as it moves', async ({ page }) => {
  // A device of its own, fed by the OsmAnd protocol, so the test decides when and where it moves.
  const api = await adminApi();
  const device = await createDevice(api, { name: `Seguido ${Date.now()}`, uniqueId: `follow${Date.now()}` });
  const first: [number, number] = [-46.6, -23.5];
  const second: [number, number] = [-46.5, -23.4];
  try {
    await reportFix(device.uniqueId, { lon: first[0], lat: first[1], speed: 20 });
    await signIn(page, `/devices/${device.id}`);
    await expect(page.getByTestId('selected-device')).toBeVisible();
    await page.getByTestId('selected-device-follow').click();
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-following', String(device.id));

    const distanceTo = (target: [number, number]) => async () => {
      const [lng, lat] = await mapCenter(page);
      return Math.hypot(target[0] - lng, target[1] - lat);
    };
    await expect.poll(distanceTo(first), { timeout: 10_000, intervals: [500] }).toBeLessThan(0.001);
    await reportFix(device.uniqueId, { lon: second[0], lat: second[1], speed: 20 });
    await expect.poll(distanceTo(second), { timeout: 10_000, intervals: [500] }).toBeLessThan(0.001);

    await page.getByTestId('selected-device-follow').click();
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-following', '');
  } finally {
    await api.delete(`/api/devices/${device.id}`);
    await api.dispose();
  }
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
