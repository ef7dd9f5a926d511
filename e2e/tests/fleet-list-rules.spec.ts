import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix, rowNames } from './fleet-support';
import type { ApiDevice } from './fleet-support';

/**
 * Four devices of this test's own, so every SPEC §4 filter and sort rule has one exact answer:
 *   A car    first update, stopped, ignition off, driver RFID0002B3, a plate attribute
 *   B truck  never updated
 *   C car    second update, stopped, blocked, ignition on, alarm sos, driver RFID0001A7
 *   D van    last update, moving, anchored, in a group of its own
 */
const tag = `r${Date.now().toString(36)}`;
const plate = `Q${tag.toUpperCase()}`;
const groupName = `Grupo ${tag}`;
const named = (letter: string) => `Ordem ${tag} ${letter}`;
const [A, B, C, D] = ['A', 'B', 'C', 'D'].map(named) as [string, string, string, string];
let devices: Record<'A' | 'B' | 'C' | 'D', ApiDevice>;

test.beforeAll(async () => {
  const api = await adminApi();
  const group = await api.post('/api/groups', { data: { name: groupName, attributes: {} } });
  expect(group.ok(), await group.text()).toBe(true);
  const groupId = ((await group.json()) as { id: number }).id;
  devices = {
    A: await createDevice(api, { name: A, uniqueId: `${tag}a`, category: 'car', attributes: { plate } }),
    B: await createDevice(api, { name: B, uniqueId: `${tag}b`, category: 'truck' }),
    C: await createDevice(api, { name: C, uniqueId: `${tag}c`, category: 'car' }),
    D: await createDevice(api, { name: D, uniqueId: `${tag}d`, category: 'van', groupId }),
  };
  // lastUpdate is the server's receipt time: one report after the other gives A < C < D.
  await reportFix(devices.A.uniqueId, { ignition: false, driverUniqueId: 'RFID0002B3' });
  await reportFix(devices.C.uniqueId, { ignition: true, blocked: true, alarm: 'sos', driverUniqueId: 'RFID0001A7' });
  await reportFix(devices.D.uniqueId, { speed: 30 });
  const anchor = await api.post('/api/geofences', { data: { name: `Âncora ${D}`, area: 'CIRCLE (-23.55 -46.63, 150)', attributes: { isAnchor: true, deviceId: devices.D.id } } });
  expect(anchor.ok()).toBe(true);
  const linked = await api.post('/api/permissions', { data: { deviceId: devices.D.id, geofenceId: ((await anchor.json()) as { id: number }).id } });
  expect(linked.ok()).toBe(true);
  await api.dispose();
});

async function openOwnDevices(page: Page): Promise<void> {
  await signIn(page, '/devices');
  await page.getByLabel('Buscar').fill(`Ordem ${tag}`);
  await expect(page.getByTestId('device-count')).toHaveText(/^4 de \d+ dispositivos$/);
}

const expectRows = (page: Page, names: string[]) => expect.poll(() => rowNames(page)).toEqual(names);

test('every sort: name by default, last update either way with the never-updated last, each state, and the flip', async ({ page }) => {
  await openOwnDevices(page);
  await expect(page.getByTestId('sort-name')).toHaveAttribute('data-direction', 'asc');
  await expectRows(page, [A, B, C, D]);
  await page.getByTestId('sort-name').click();
  await expectRows(page, [D, C, B, A]);

  // One click each: a new field starts ascending, the same field again flips.
  const sort = async (field: string, direction: 'asc' | 'desc', names: string[]) => {
    const button = page.getByTestId(`sort-${field}`);
    await button.click();
    await expect(button).toHaveAttribute('data-direction', direction);
    await expectRows(page, names);
  };
  await sort('lastUpdate', 'asc', [A, C, D, B]);
  await sort('lastUpdate', 'desc', [D, C, A, B]);
  // Each state: its devices first, then the others; flipped, after the others. B never reported: last either way.
  await sort('motion', 'asc', [D, A, C, B]);
  await sort('motion', 'desc', [A, C, D, B]);
  await sort('anchor', 'asc', [D, A, C, B]);
  await sort('anchor', 'desc', [A, C, D, B]);
  await sort('locked', 'asc', [C, A, D, B]);
  await sort('locked', 'desc', [A, D, C, B]);
  await sort('ignition', 'asc', [C, A, D, B]);
  await sort('ignition', 'desc', [A, D, C, B]);
  // Drivers by their identifier: RFID0001A7 (C) before RFID0002B3 (A).
  await sort('driver', 'asc', [C, A, D, B]);
  await sort('driver', 'desc', [D, A, C, B]);
  await sort('alert', 'asc', [C, A, D, B]);
  await sort('alert', 'desc', [A, D, C, B]);
  // Another field starts ascending again.
  await page.getByTestId('sort-name').click();
  await expect(page.getByTestId('sort-name')).toHaveAttribute('data-direction', 'asc');
  await expectRows(page, [A, B, C, D]);
});

test('every filter: status, motion, hidden category, one device, attributes in the search, grouping, and the update refresh', async ({ page }) => {
  await openOwnDevices(page);
  const status = page.getByTestId('filter-status');
  await status.selectOption('online');
  await expectRows(page, [A, C, D]);
  await status.selectOption('offline');
  await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
  await status.selectOption('unknown');
  await expectRows(page, [B]);
  await status.selectOption('all');
  await expectRows(page, [A, B, C, D]);

  await page.getByTestId('filter-motion').check();
  await expectRows(page, [D]);
  await page.getByTestId('filter-motion').uncheck();

  await page.getByTestId('hide-category-car').click();
  await expect(page.getByTestId('hide-category-car')).toHaveAttribute('aria-pressed', 'true');
  await expectRows(page, [B, D]);
  await page.getByTestId('hide-category-car').click();
  await expectRows(page, [A, B, C, D]);

  // The device selected in the detail (and so on the map) is the one the single-device filter keeps.
  await page.getByTestId('device-row').filter({ hasText: C }).click();
  await expect(page.getByTestId('device-detail-name')).toHaveText(C);
  await page.getByTestId('device-detail-back').click();
  await expect(page.getByTestId('device-row').filter({ hasText: C })).toHaveAttribute('aria-current', 'true');
  await page.getByTestId('filter-single-device').check();
  await expectRows(page, [C]);
  await page.getByTestId('filter-single-device').uncheck();
  await expectRows(page, [A, B, C, D]);

  await page.getByTestId('group-by-group').check();
  await expect.poll(() => page.getByTestId('device-group').allTextContents()).toEqual([`${groupName} (1)`, 'Sem grupo (3)']);
  await expectRows(page, [D, A, B, C]);
  // The grouping (groupPref) and the search (query) survive a reload.
  await page.reload();
  await expect(page.getByTestId('group-by-group')).toBeChecked();
  await expect(page.getByLabel('Buscar')).toHaveValue(`Ordem ${tag}`);
  await expect.poll(() => page.getByTestId('device-group').allTextContents()).toEqual([`${groupName} (1)`, 'Sem grupo (3)']);
  await expectRows(page, [D, A, B, C]);
  await page.getByTestId('group-by-group').uncheck();

  // Attribute values are searched too: only A carries this plate.
  await page.getByLabel('Buscar').fill(plate.toLowerCase());
  await expectRows(page, [A]);

  // B reports for the first time: it leaves the "unknown" filter once the update settles.
  await page.getByLabel('Buscar').fill(`Ordem ${tag}`);
  await status.selectOption('unknown');
  await expectRows(page, [B]);
  await reportFix(devices.B.uniqueId);
  await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
  await status.selectOption('online');
  await expectRows(page, [A, B, C, D]);
});
