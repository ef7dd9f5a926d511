import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix, signInAs, withServerAttributes } from './fleet-support';
import type { ApiDevice } from './fleet-support';

/** Saved commands, notifications, drivers, computed attributes and the links of a device (issue 16). */

const stamp = () => Date.now().toString(36);

const rowOf = (page: Page, key: string, text: string) => page.getByTestId(`${key}-row`).filter({ hasText: text });

/** Opens the row, changes it, saves: back on the list with the new text. */
async function edit(page: Page, key: string, from: string, change: () => Promise<void>, to: string): Promise<void> {
  await rowOf(page, key, from).click();
  await expect(page.getByTestId(`${key}-form`)).toHaveAttribute('data-mode', 'edit');
  await change();
  await page.getByTestId('entity-save').click();
  await expect(rowOf(page, key, to)).toHaveCount(1);
}

async function remove(page: Page, key: string, text: string): Promise<void> {
  await rowOf(page, key, text).click();
  await page.getByTestId('entity-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`${key}-list`)).toBeVisible();
  await expect(rowOf(page, key, text)).toHaveCount(0);
}

/** The list, then an empty form, each checked with axe. */
async function openNewForm(page: Page, path: string, key: string): Promise<void> {
  await page.goto(path);
  // The first visit loads the area's code: on a busy machine that takes more than the usual wait.
  await expect(page.getByTestId(`${key}-list`)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('entity-loading')).toHaveCount(0);
  await expectAccessible(page, `[data-testid="${key}-list"]`);
  await page.getByTestId('entity-create').click();
  await expect(page.getByTestId(`${key}-form`)).toHaveAttribute('data-mode', 'create');
}

test('the administrator creates, edits and deletes saved commands, notifications, drivers and computed attributes, and links them to a device', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const id = stamp();
  const device = await createDevice(api, { name: `Vínculos ${id}`, uniqueId: `lk${id}` });
  const sounds: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rastro/assets/custom/sounds/')) sounds.push(new URL(request.url()).pathname);
  });
  try {
    await signIn(page, '/home');

    // Saved command: the type's own attribute appears with the type.
    await openNewForm(page, '/commands', 'commands');
    await page.locator('#entity-field-description').fill(`Saída ${id}`);
    await page.locator('#entity-field-type').selectOption('outputControl');
    await page.locator('#entity-field-attribute_index').fill('2');
    await page.locator('#entity-field-attribute_data').fill('1');
    await expectAccessible(page, '[data-testid="commands-form"]');
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, 'commands', `Saída ${id}`)).toContainText('Controle de saída');
    const commands = (await (await api.get('/api/commands')).json()) as Array<{ description: string; attributes: Record<string, unknown> }>;
    expect(commands.find((command) => command.description === `Saída ${id}`)?.attributes).toEqual({ index: 2, data: '1' });
    await edit(page, 'commands', `Saída ${id}`, () => page.locator('#entity-field-description').fill(`Saída dois ${id}`), `Saída dois ${id}`);
    await remove(page, 'commands', `Saída dois ${id}`);

    // Computed attribute, tested on an online vehicle before it is saved.
    const devices = (await (await api.get('/api/devices')).json()) as ApiDevice[];
    const online = devices.find((candidate) => candidate.status === 'online' && candidate.positionId);
    await openNewForm(page, '/computed', 'computed');
    await page.locator('#entity-field-description').fill(`Velocidade ${id}`);
    await page.locator('#entity-field-attribute').fill(`kmh${id}`);
    await page.getByTestId('entity-field-expression-hints').getByRole('button', { name: 'speed', exact: true }).click();
    await expect(page.locator('#entity-field-expression')).toHaveValue('speed');
    await page.locator('#entity-field-expression').fill('speed * 1.852');
    await page.locator('#entity-field-type').selectOption('number');
    if (online) await page.locator('#computed-test-device').selectOption(String(online.id));
    await page.getByTestId('computed-test-run').click();
    await expect(page.getByTestId('computed-test-outcome')).toHaveAttribute('data-kind', 'result');
    await page.locator('#entity-field-expression').fill('noSuchName *');
    await page.getByTestId('computed-test-run').click();
    await expect(page.getByTestId('computed-test-outcome')).toHaveAttribute('data-kind', 'error');
    await page.locator('#entity-field-expression').fill('speed * 1.852');
    // The devices it applies to, chosen in the form and kept as links.
    await page.getByTestId('entity-field-deviceIds').getByLabel(device.name).check();
    await expectAccessible(page, '[data-testid="computed-form"]');
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, 'computed', `Velocidade ${id}`)).toHaveCount(1);
    const linkedComputed = async () => ((await (await api.get(`/api/attributes/computed?deviceId=${device.id}`)).json()) as Array<{ description: string }>).map((attribute) => attribute.description);
    await expect.poll(linkedComputed).toEqual([`Velocidade ${id}`]);
    await rowOf(page, 'computed', `Velocidade ${id}`).click();
    await expect(page.getByTestId('entity-field-deviceIds').getByLabel(device.name)).toBeChecked();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await edit(page, 'computed', `Velocidade ${id}`, () => page.locator('#entity-field-description').fill(`Nós ${id}`), `Nós ${id}`);

    // Driver with QR access, and its printable code.
    await openNewForm(page, '/drivers', 'drivers');
    await page.locator('#entity-field-name').fill(`Motorista ${id}`);
    await page.locator('#entity-field-uniqueId').fill(`drv${id}`);
    await page.locator('#entity-field-fuelConsumption').fill('8,5');
    await page.locator('#entity-field-qrEnabled').check();
    await page.locator('#entity-field-username').fill(`qr${id}`);
    await page.getByTestId('entity-save').click();
    await expect(page.getByText('A senha precisa de ao menos 4 caracteres')).toBeVisible();
    await page.locator('#entity-field-password').fill('segredo1');
    await expectAccessible(page, '[data-testid="drivers-form"]');
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, 'drivers', `Motorista ${id}`)).toHaveCount(1);
    await rowOf(page, 'drivers', `Motorista ${id}`).click();
    await page.getByTestId('driver-qr').click();
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await page.getByTestId('qr-dialog').getByRole('button', { name: 'Fechar' }).first().click();
    await page.locator('#entity-field-name').fill(`Motorista B ${id}`);
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, 'drivers', `Motorista B ${id}`)).toHaveCount(1);

    // Notification: the three required fields, then an alarm with its own sound.
    await openNewForm(page, '/notifications', 'notifications');
    await page.getByTestId('entity-save').click();
    await expect(page.getByText('Os campos Tipo, Canais, Alarmes devem ser preenchidos').first()).toBeVisible();
    await page.locator('#entity-field-type').selectOption('alarm');
    await page.getByTestId('entity-field-notificators').locator('input[value="web"]').check();
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('entity-field-alarms')).toBeVisible();
    await page.getByTestId('entity-field-alarms').locator('input[value="vibration"]').check();
    await page.locator('#entity-field-always').check();
    await page.locator('#entity-field-addToNewUsers').check();
    await page.locator('#entity-field-sound').selectOption('audio5');
    await page.getByTestId('sound-play').click();
    await expect.poll(() => sounds).toContain('/rastro/assets/custom/sounds/audio5.wav');
    await page.locator('#entity-field-colour').selectOption('green');
    await expectAccessible(page, '[data-testid="notifications-form"]');
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, 'notifications', 'Vibração')).toHaveCount(1);
    const notifications = (await (await api.get('/api/notifications')).json()) as Array<{ type: string; attributes: Record<string, unknown> }>;
    expect(notifications.find((notification) => notification.type === 'alarm' && notification.attributes.alarms === 'vibration')?.attributes).toMatchObject({ 'rastro.addToNewUsers': true });

    // Its event arrives over the socket: the pop-up in its colour, with its sound.
    sounds.length = 0;
    await reportFix(device.uniqueId, { alarm: 'vibration' });
    await expect(page.locator('[data-testid="event-popup"][data-colour="green"]').first()).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => sounds).toContain('/rastro/assets/custom/sounds/audio5.wav');

    // Links: the driver and the computed attribute, linked to the device and unlinked again.
    await page.goto(`/devices/${device.id}`);
    await page.getByTestId('links-open').click();
    await expect(page.getByTestId('entity-links')).toBeVisible();
    await page.getByTestId('links-kind').selectOption('drivers');
    const driverRow = page.getByTestId('entity-links').locator('label').filter({ hasText: `Motorista B ${id}` }).getByTestId('link-toggle');
    await expect(driverRow).not.toBeChecked();
    // The box follows the server: it turns once the link is stored, not at the click.
    await driverRow.click();
    await expect(driverRow).toBeChecked();
    await expect.poll(async () => ((await (await api.get(`/api/drivers?deviceId=${device.id}`)).json()) as Array<{ name: string }>).map((driver) => driver.name)).toEqual([`Motorista B ${id}`]);
    // The computed attribute was linked from its own form; unlinked here, its form no longer lists the device.
    await page.getByTestId('links-kind').selectOption('computed');
    const computedRow = page.getByTestId('entity-links').locator('label').filter({ hasText: `Nós ${id}` }).getByTestId('link-toggle');
    await expect(computedRow).toBeChecked();
    await computedRow.click();
    await expect(computedRow).not.toBeChecked();
    await expect.poll(linkedComputed).toEqual([]);
    await page.getByTestId('links-kind').selectOption('drivers');
    await expect(driverRow).toBeChecked();
    await driverRow.click();
    await expect(driverRow).not.toBeChecked();
    await expect.poll(async () => ((await (await api.get(`/api/drivers?deviceId=${device.id}`)).json()) as unknown[]).length).toBe(0);
    await expectAccessible(page, '[data-testid="links-dialog"]');
    await page.getByTestId('links-dialog').getByRole('button', { name: 'Fechar' }).first().click();

    // The notification edited: another colour, kept as Rastro's attribute.
    await page.goto('/notifications');
    await edit(page, 'notifications', 'Vibração', async () => void (await page.locator('#entity-field-colour').selectOption('red')), 'Vibração');
    const vibrationColour = async () => ((await (await api.get('/api/notifications')).json()) as Array<{ attributes: Record<string, unknown> }>).find((notification) => notification.attributes.alarms === 'vibration')?.attributes['rastro.color'];
    await expect.poll(vibrationColour).toBe('red');
    await remove(page, 'notifications', 'Vibração');
    await page.goto('/drivers');
    await remove(page, 'drivers', `Motorista B ${id}`);
    await page.goto('/computed');
    await remove(page, 'computed', `Nós ${id}`);
  } finally {
    await api.delete(`/api/devices/${device.id}`);
    await api.dispose();
  }
});

test('a user without the areas’ create, edit and delete bits sees their entities without those buttons, and the gateway refuses the writes', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const restore = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
  // View bits only: devices 8, notifications 32, commands 56, computed attributes 64, drivers 80 (ARCHITECTURE.md).
  const bits = new Set([8, 32, 56, 64, 80]);
  let hex = '';
  for (let k = 0; k < 128; k += 4) hex += [0, 1, 2, 3].reduce((nibble, offset) => nibble | (bits.has(k + offset) ? 8 >> offset : 0), 0).toString(16);
  const viewer = { name: 'Só consulta', email: `viewer-${stamp()}@rastro.demo`, password: 'viewer1' };
  const created = await api.post('/api/users', { data: { ...viewer, attributes: { 'rastro.advancedPerms': hex } } });
  expect(created.ok(), await created.text()).toBe(true);
  const viewerId = ((await created.json()) as { id: number }).id;
  // One of each, linked to the viewer: it sees them, and may neither change nor delete them.
  const id = stamp();
  const seen: Array<{ path: string; key: string; apiPath: string; entity: { id: number } }> = [];
  for (const [path, key, apiPath, linkKey, data] of [
    ['/commands', 'commands', '/api/commands', 'commandId', { description: `Comando visto ${id}`, type: 'custom', attributes: { data: 'x' } }],
    ['/notifications', 'notifications', '/api/notifications', 'notificationId', { type: 'deviceOnline', notificators: 'web', always: false, attributes: {} }],
    ['/drivers', 'drivers', '/api/drivers', 'driverId', { name: `Motorista visto ${id}`, uniqueId: `mv${id}`, attributes: {} }],
    ['/computed', 'computed', '/api/attributes/computed', 'attributeId', { description: `Atributo visto ${id}`, attribute: `av${id}`, expression: 'speed', type: 'number' }],
  ] as const) {
    const made = await api.post(apiPath, { data });
    expect(made.ok(), await made.text()).toBe(true);
    const entity = (await made.json()) as { id: number };
    seen.push({ path, key, apiPath, entity });
    expect((await api.post('/api/permissions', { data: { userId: viewerId, [linkKey]: entity.id } })).ok()).toBe(true);
  }
  // At phone width (SPEC: the screens work on a phone): the lists fit without a sideways scroll.
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signInAs(page, viewer.email, viewer.password, viewer.name);
    for (const { path, key } of seen) {
      await page.goto(path);
      await expect(page.getByTestId(`${key}-list`)).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId(`${key}-row`)).toHaveCount(1);
      await expect(page.getByTestId('entity-create')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId(`${key}-row`).click();
      await expect(page.getByTestId(`${key}-form`)).toBeVisible();
      await expect(page.getByTestId('entity-save')).toHaveCount(0);
      await expect(page.getByTestId('entity-delete')).toHaveCount(0);
    }
    // Opened by its address, the form says why it cannot be saved and offers no way to.
    await page.goto('/drivers?id=new');
    await expect(page.getByTestId('drivers-form').getByRole('alert')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('entity-save').and(page.locator(':enabled'))).toHaveCount(0);

    const writes = [
      page.request.post('/api/commands', { data: { description: 'x', type: 'custom', attributes: { data: 'x' } } }),
      page.request.post('/api/notifications', { data: { type: 'alarm', notificators: 'web', attributes: { alarms: 'sos' } } }),
      page.request.post('/api/drivers', { data: { name: 'x', uniqueId: `x${stamp()}`, attributes: {} } }),
      page.request.post('/api/attributes/computed', { data: { description: 'x', attribute: 'x', expression: 'speed', type: 'number' } }),
      ...seen.flatMap(({ apiPath, entity }) => [page.request.put(`${apiPath}/${entity.id}`, { data: { ...entity, attributes: { changed: true } } }), page.request.delete(`${apiPath}/${entity.id}`)]),
    ];
    for (const refused of await Promise.all(writes)) {
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain('WRITE_ACCESS_DENIED');
    }
  } finally {
    await context.close();
    for (const { apiPath, entity } of seen) await api.delete(`${apiPath}/${entity.id}`);
    await api.delete(`/api/users/${viewerId}`);
    await restore();
    await api.dispose();
  }
});
