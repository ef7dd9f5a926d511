import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import { expectMarkerDrawn } from './map-support';

const tag = `s${Date.now().toString(36)}`;

/**
 * Where a device's marker is on the page once a selection's camera move has ended on `place`: the
 * map reports its centre at the end of each move. Two equal readings in a row are no proof of rest
 * on a busy machine, where the page can miss frames for longer than the test waits between them.
 */
async function markerOnceCameraRestsOn(page: Page, deviceId: number, place: { lat: number; lon: number }): Promise<{ x: number; y: number }> {
  const map = page.getByTestId('live-map');
  const offCentre = async () => {
    const [lng, lat] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
    return Math.hypot(lng! - place.lon, lat! - place.lat);
  };
  await expect.poll(offCentre, { timeout: 30_000, intervals: [300] }).toBeLessThan(0.00001);
  const { at } = await expectMarkerDrawn(page, deviceId);
  const box = await map.boundingBox();
  if (!box || !at) throw new Error('the map has no size');
  return { x: box.x + at.x, y: box.y + at.y };
}

test('a row chosen in the list selects the device on the map, and a marker clicked on the map selects its row', async ({ page }) => {
  const api = await adminApi();
  const first = await createDevice(api, { name: `Par ${tag} 1`, uniqueId: `${tag}1` });
  const second = await createDevice(api, { name: `Par ${tag} 2`, uniqueId: `${tag}2` });
  try {
    // Far from the demo fleet and about 100 m apart: at the zoom a selection goes to, two markers of their own.
    const firstPlace = { lat: -15.79, lon: -47.88 };
    await reportFix(first.uniqueId, firstPlace);
    await reportFix(second.uniqueId, { lat: -15.79, lon: -47.879 });
    await signIn(page, '/devices');
    await page.getByLabel('Buscar').fill(`Par ${tag}`);
    await expect(page.getByTestId('device-count')).toHaveText(/^2 de \d+ dispositivos$/);

    await page.getByTestId('device-row').filter({ hasText: first.name }).click();
    await expect(page.getByTestId('selected-device')).toContainText(first.name);

    const marker = await markerOnceCameraRestsOn(page, second.id, firstPlace);
    await page.mouse.click(marker.x, marker.y);
    await expect(page.getByTestId('device-detail-name')).toHaveText(second.name);
    await expect(page.getByTestId('selected-device')).toContainText(second.name);

    await page.getByTestId('device-detail-back').click();
    await expect(page.getByTestId('device-row').filter({ hasText: second.name })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('device-row').filter({ hasText: first.name })).not.toHaveAttribute('aria-current', 'true');
  } finally {
    await api.delete(`/api/devices/${first.id}`);
    await api.delete(`/api/devices/${second.id}`);
    await api.dispose();
  }
});
