import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';

interface ApiDevice {
  id: number;
  name: string;
  uniqueId: string;
}
interface ApiPosition {
  deviceId: number;
}

const rowNames = (page: Page) => page.getByTestId('device-row-name').allTextContents();

async function openDevices(page: Page): Promise<void> {
  await signIn(page, '/devices');
  await expect(page.getByTestId('device-row').first()).toBeVisible();
}

/** A demo device that has a position (anchor, lock and detail need one). */
async function deviceWithPosition(page: Page): Promise<ApiDevice> {
  const positions = (await (await page.request.get('/api/positions')).json()) as ApiPosition[];
  const devices = (await (await page.request.get('/api/devices')).json()) as ApiDevice[];
  const device = devices.find((candidate) => positions.some((position) => position.deviceId === candidate.id));
  if (!device) throw new Error('no demo device has a position');
  return device;
}

test('the list filters by status and text, keeps the search, and sorts by name with a flip', async ({ page }) => {
  await openDevices(page);
  const first = (await rowNames(page))[0] ?? '';
  await page.getByTestId('sort-name').click();
  await expect(page.getByTestId('sort-name')).toHaveAttribute('data-direction', 'desc');
  await expect.poll(async () => (await rowNames(page))[0]).not.toBe(first);
  await page.getByTestId('sort-lastUpdate').click();
  await expect(page.getByTestId('sort-lastUpdate')).toHaveAttribute('data-direction', 'asc');

  await page.getByTestId('filter-status').selectOption('offline');
  // Until no row but offline ones is listed: a snapshot of the rows could still be the unfiltered list.
  await expect(page.getByTestId('device-row').filter({ hasNotText: 'Offline' })).toHaveCount(0);
  await page.getByTestId('filter-status').selectOption('all');

  await page.getByLabel('Buscar').fill(first);
  await expect(page.getByTestId('device-row-name').first()).toHaveText(first);
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue(first);
});

test('a row opens the detail with its fields and actions, and back returns to the list', async ({ page }) => {
  await openDevices(page);
  const device = await deviceWithPosition(page);
  await page.getByLabel('Buscar').fill(device.uniqueId);
  await page.getByTestId('device-row').first().click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.id}$`));
  await expect(page.getByTestId('device-detail-name')).toHaveText(device.name);
  await expect(page.getByTestId('device-detail-position')).toContainText('Coordenadas');
  await expect(page.getByTestId('device-detail-fields')).toContainText(device.uniqueId);
  await expect(page.getByTestId('action-follow')).toBeVisible();
  await page.getByTestId('device-detail-back').click();
  await expect(page).toHaveURL(/\/devices$/);
});

test('a device is created (name and identifier required), edited and deleted after confirmation', async ({ page }) => {
  await signIn(page, '/devices/new');
  await page.getByTestId('entity-save').click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();

  const uniqueId = `e2e${Date.now()}`;
  await page.locator('#entity-field-name').fill('Carro e2e');
  await page.locator('#entity-field-uniqueId').fill(uniqueId);
  await page.locator('#entity-field-category').selectOption('car');
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('device-detail-name')).toHaveText('Carro e2e');

  await page.getByTestId('action-edit').click();
  await page.locator('#entity-field-name').fill('Carro e2e editado');
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('device-detail-name')).toHaveText('Carro e2e editado');

  await page.getByTestId('action-edit').click();
  await page.getByTestId('entity-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/devices$/);
  const devices = (await (await page.request.get('/api/devices')).json()) as ApiDevice[];
  expect(devices.some((device) => device.uniqueId === uniqueId)).toBe(false);
});

test('a user at its device limit is told so before saving, and the server refuses anyway', async ({ browser }) => {
  const admin = await adminApi();
  const email = `limit${Date.now()}@rastro.demo`;
  const created = await admin.post('/api/users', { data: { name: 'Limitado', email, password: 'secret1', deviceLimit: 0 } });
  expect(created.ok()).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('secret1');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText('Limitado');
  await page.goto('/devices/new');
  await expect(page.getByRole('alert').filter({ hasText: 'Limite de dispositivos atingido' })).toBeVisible();
  await expect(page.getByTestId('entity-save')).toBeDisabled();
  const refused = await page.request.post('/api/devices', { data: { name: 'x', uniqueId: `lim${Date.now()}` } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('USER_DEVICE_LIMIT_REACHED');
  await context.close();
});

test('anchor turns on (a 150 m geofence linked to the device) and off, each after confirmation', async ({ page }) => {
  await signIn(page);
  const device = await deviceWithPosition(page);
  await page.goto(`/devices/${device.id}`);
  const anchor = page.getByTestId('action-anchor');
  await expect(anchor).toHaveAttribute('data-anchored', 'false');
  // The map shows every geofence the user sees: one more while the anchor is on.
  const map = page.getByTestId('live-map');
  await expect(map).toHaveAttribute('data-geofences', /\d+/);
  const before = Number(await map.getAttribute('data-geofences'));

  await anchor.click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('fleet-notice')).toHaveText('Ação cancelada.');

  await anchor.click();
  await page.getByTestId('confirm-ok').click();
  // A moving demo vehicle may leave its 150 m anchor at once: the gateway's engineStop answer can
  // then take the notice's place (automations.spec.ts checks that part).
  await expect(page.getByTestId('fleet-notice')).toHaveText(/^(Âncora ativada\.|Resposta de ".*": engineStop.*)$/);
  await expect(anchor).toHaveAttribute('data-anchored', 'true');
  const linked = (await (await page.request.get(`/api/geofences?deviceId=${device.id}`)).json()) as Array<{ area: string; attributes: Record<string, unknown> }>;
  expect(linked.some((geofence) => geofence.attributes.isAnchor === true && /, 150\)$/.test(geofence.area))).toBe(true);
  await expect(map).toHaveAttribute('data-geofences', String(before + 1));

  await anchor.click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('fleet-notice')).toHaveText(/^(Âncora desativada\.|Resposta de ".*": engineStop.*)$/);
  await expect(anchor).toHaveAttribute('data-anchored', 'false');
  await expect(map).toHaveAttribute('data-geofences', String(before));
});

test('lock asks for confirmation, sends engineStop, and shows the result the device answers', async ({ page }) => {
  await signIn(page);
  // A simulated vehicle that is online takes the command at once and answers in its next fix.
  const devices = (await (await page.request.get('/api/devices')).json()) as Array<ApiDevice & { status: string }>;
  const positions = (await (await page.request.get('/api/positions')).json()) as Array<ApiPosition & { attributes: Record<string, unknown> }>;
  const device = devices.find((candidate) => candidate.status === 'online' && positions.some((position) => position.deviceId === candidate.id && position.attributes.blocked !== true));
  if (!device) throw new Error('no online, unlocked demo device');
  await page.goto(`/devices/${device.id}`);
  await page.getByTestId('action-lock').click();
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/commands/send') && response.request().method() === 'POST');
  await page.getByTestId('confirm-ok').click();
  const answer = await sent;
  expect((answer.request().postDataJSON() as { type: string }).type).toBe('engineStop');
  expect([200, 202]).toContain(answer.status());
  await expect(page.getByTestId('fleet-notice')).toHaveText(new RegExp(`^Resposta de "${device.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": .+`), { timeout: 30_000 });
  // The answer's fix reports the engine blocked: the action becomes unlock.
  await expect(page.getByTestId('action-unlock')).toBeVisible({ timeout: 30_000 });
});
