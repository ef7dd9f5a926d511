import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';

// Issue 23: a phone-sized viewport can reach every map action, with one hand and a thumb.
const phone = { width: 390, height: 844 };

/** On screen, inside the phone's viewport, and taken by a tap (Playwright refuses a covered target). */
async function tapReachable(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error('the control has no size');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
  await target.tap();
}

test('on a phone every map action is within reach: device actions, follow, trail, layers, base maps, street view', async ({ browser }) => {
  const api = await adminApi();
  const stamp = Date.now();
  const device = await createDevice(api, { name: `Telefone ${stamp}`, uniqueId: `phone${stamp}` });
  const context = await browser.newContext({ locale: 'pt-BR', viewport: phone, isMobile: true, hasTouch: true });
  try {
    await reportFix(device.uniqueId, { lat: -23.561, lon: -46.656, speed: 0 });
    const page = await context.newPage();
    await signIn(page, `/devices/${device.id}`);
    const map = page.getByTestId('live-map');
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    // The device's own actions sit in the bottom sheet. Street view opens on the map: the sheet
    // makes room for it (minimised), and its close button is in reach.
    const sheet = page.getByTestId('side-panel');
    await expect(sheet).toHaveAttribute('data-expanded', 'true');
    await tapReachable(page, page.getByTestId('action-street-view'));
    await expect(sheet).toHaveAttribute('data-expanded', 'false');
    const streetView = page.getByTestId('street-view');
    await expect(streetView.getByTestId('street-view-unconfigured')).toBeVisible();
    await tapReachable(page, streetView.getByRole('button', { name: 'Fechar street view' }));
    await expect(streetView).toBeHidden();
    await tapReachable(page, page.getByTestId('panel-toggle'));
    await expect(sheet).toHaveAttribute('data-expanded', 'true');
    await tapReachable(page, page.getByTestId('panel-toggle'));
    await expect(sheet).toHaveAttribute('data-expanded', 'false');

    // With the sheet minimised, the map and the selected device's card are free to use.
    await expect(page.getByTestId('selected-device')).toBeVisible();
    const follow = page.getByTestId('selected-device-follow');
    await tapReachable(page, follow);
    await expect(map).toHaveAttribute('data-following', String(device.id));
    await tapReachable(page, follow);
    await expect(map).toHaveAttribute('data-following', '');
    const trail = page.getByTestId('selected-device-trail');
    await tapReachable(page, trail);
    await expect(trail).toHaveAttribute('aria-pressed', 'true');
    await tapReachable(page, trail);
    await expect(trail).toHaveAttribute('aria-pressed', 'false');

    // Layers and base maps: the list opens inside the screen and each choice takes a tap.
    await tapReachable(page, page.getByTestId('map-layers').getByRole('button', { name: 'Camadas do mapa' }));
    const plates = page.getByTestId('map-layer-plates');
    const platesBefore = await plates.isChecked();
    await tapReachable(page, plates);
    await expect(plates).toBeChecked({ checked: !platesBefore });
    await tapReachable(page, plates);
    await expect(plates).toBeChecked({ checked: platesBefore });
    const baseMaps = page.getByRole('group', { name: 'Mapa base' });
    await baseMaps.scrollIntoViewIfNeeded();
    await expect(baseMaps).toBeVisible();
    const baseMapsBox = await baseMaps.boundingBox();
    expect(baseMapsBox && baseMapsBox.x >= 0 && baseMapsBox.x + baseMapsBox.width <= phone.width).toBe(true);
    await tapReachable(page, page.getByTestId('map-layers').getByRole('button', { name: 'Camadas do mapa' }));
    expect(await noSideScroll()).toBe(true);
  } finally {
    await context.close();
    await api.delete(`/api/devices/${device.id}`);
    await api.dispose();
  }
});
