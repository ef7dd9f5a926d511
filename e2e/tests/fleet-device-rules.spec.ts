import { expect, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { demoAdmin, signIn } from './demo';
import { createDevice, signInAs, startLicensedGateway, trackerAdminApi, withServerAttributes } from './fleet-support';
import type { ApiDevice } from './fleet-support';

const LIMIT_MESSAGE = 'Limite de dispositivos atingido: não é possível adicionar outro.';
const stamp = () => Date.now().toString(36);

/** The creation form tells the limit before saving, and the gateway refuses the creation anyway. */
async function expectCreationRefused(page: Page): Promise<void> {
  await page.goto('/devices/new');
  await expect(page.getByRole('alert').filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
  await expect(page.getByTestId('entity-save')).toBeDisabled();
  const refused = await page.request.post('/api/devices', { data: { name: 'Além do limite', uniqueId: `lim${stamp()}` } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('USER_DEVICE_LIMIT_REACHED');
}

test("creation is refused at the server's device limit and at the licence's, each with the message", async ({ page, browser }) => {
  const api = await adminApi();
  const count = ((await (await api.get('/api/devices')).json()) as ApiDevice[]).length;
  const restore = await withServerAttributes(api, { 'rastro.deviceLimit': count });
  try {
    await signIn(page);
    await expectCreationRefused(page);
  } finally {
    await restore();
  }
  // Back under no server limit, creation is offered again.
  await page.goto('/devices/new');
  await expect(page.getByTestId('entity-save')).toBeEnabled();
  await api.dispose();

  const licensed = await startLicensedGateway(1);
  try {
    const context = await browser.newContext({ baseURL: licensed.url });
    const licensedPage = await context.newPage();
    await signIn(licensedPage);
    await expectCreationRefused(licensedPage);
    await context.close();
  } finally {
    await licensed.stop();
  }
});

test('in safe mode a deleted device is hidden from the list and the API, not erased', async ({ page }) => {
  const api = await adminApi();
  const name = `Apagar ${stamp()}`;
  const device = await createDevice(api, { name, uniqueId: `del${stamp()}` });
  const restore = await withServerAttributes(api, { 'rastro.safeDelete': true });
  try {
    await signIn(page, '/devices');
    await page.getByLabel('Buscar').fill(name);
    await expect(page.getByTestId('device-row-name')).toHaveText([name]);
    await page.goto(`/devices/${device.id}?edit=1`);
    await page.getByTestId('entity-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('device-count')).toBeVisible();
    await expect(page.getByText('Nenhum dispositivo encontrado')).toBeVisible();
    const listed = (await (await api.get('/api/devices')).json()) as ApiDevice[];
    expect(listed.some((other) => other.id === device.id)).toBe(false);
    // Hidden by the gateway everywhere, its own address included…
    expect((await api.get(`/api/devices/${device.id}`)).status()).toBe(404);
    // …but renamed, not removed: the tracker still has it, marked deleted.
    const tracker = await trackerAdminApi();
    const kept = (await (await tracker.get(`/api/devices?id=${device.id}`)).json()) as ApiDevice[];
    await tracker.dispose();
    expect(kept[0]?.uniqueId).toMatch(/^deleted-[^-]+-\d+$/);
  } finally {
    await restore();
    await api.dispose();
  }
});

test('a read-only user sees no edit actions, and the gateway refuses the writes anyway', async ({ page }) => {
  await signInAs(page, 'readonly@rastro.demo', 'readonly', 'Consulta Diretoria');
  await page.goto('/devices');
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  await expect(page.getByTestId('device-add')).toHaveCount(0);
  await page.getByTestId('device-row').first().click();
  await expect(page.getByTestId('action-follow')).toBeVisible();
  for (const action of ['edit', 'lock', 'unlock', 'anchor', 'command', 'share']) await expect(page.getByTestId(`action-${action}`)).toHaveCount(0);
  const deviceId = Number(/\/devices\/(\d+)$/.exec(page.url())?.[1]);

  await page.goto(`/devices/${deviceId}?edit=1`);
  await expect(page.getByRole('alert').filter({ hasText: 'Sua conta não pode alterar dispositivos.' })).toBeVisible();
  // Nothing to save for whom may not: the form shows no save button.
  await expect(page.getByTestId('entity-save')).toHaveCount(0);
  await expect(page.getByTestId('entity-delete')).toHaveCount(0);

  // The same session, straight at the API: hiding the buttons is not what protects the data.
  const device = (await (await page.request.get(`/api/devices/${deviceId}`)).json()) as ApiDevice;
  const writes = [
    page.request.put(`/api/devices/${deviceId}`, { data: { ...device, name: 'Alterado' } }),
    page.request.post('/api/devices', { data: { name: 'Novo', uniqueId: `ro${stamp()}` } }),
    page.request.delete(`/api/devices/${deviceId}`),
    page.request.post('/api/commands/send', { data: { deviceId, type: 'engineStop', attributes: {} } }),
  ];
  for (const refused of await Promise.all(writes)) {
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('ACCOUNT_IS_READONLY');
  }
  expect(((await (await page.request.get(`/api/devices/${deviceId}`)).json()) as ApiDevice).name).toBe(device.name);
});

test('a limitCommands user is offered no lock and no free command, and the gateway refuses one anyway', async ({ browser }) => {
  const api = await adminApi();
  const email = `cmd${stamp()}@rastro.demo`;
  const created = await api.post('/api/users', { data: { name: 'Comandos Limitados', email, password: 'secret1', limitCommands: true } });
  expect(created.ok(), await created.text()).toBe(true);
  const userId = ((await created.json()) as { id: number }).id;
  const device = await createDevice(api, { name: `Limitado ${stamp()}`, uniqueId: `lc${stamp()}` });
  expect((await api.post('/api/permissions', { data: { userId, deviceId: device.id } })).ok()).toBe(true);
  await api.dispose();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, 'secret1', 'Comandos Limitados');
  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('device-detail-name')).toHaveText(device.name);
  await expect(page.getByTestId('action-follow')).toBeVisible();
  // The device has no saved command: nothing this account could send is offered.
  for (const action of ['lock', 'unlock', 'command']) await expect(page.getByTestId(`action-${action}`)).toHaveCount(0);
  const refused = await page.request.post('/api/commands/send', { data: { deviceId: device.id, type: 'engineStop', attributes: {} } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('WRITE_ACCESS_DENIED');
  await context.close();
});

async function openFresh(browser: Browser, link: string) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

test('a share link made in the detail opens the shared map in a fresh browser', async ({ page, browser, baseURL }) => {
  await signIn(page);
  const devices = (await (await page.request.get('/api/devices')).json()) as ApiDevice[];
  const device = devices.find((candidate) => candidate.positionId) ?? devices[0]!;
  await page.goto(`/devices/${device.id}`);
  await page.getByTestId('action-share').click();
  await page.getByTestId('share-expiry').selectOption({ label: '1 hora' });
  await page.getByTestId('share-create').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('share-copy').click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(new URL(link).origin).toBe(baseURL);
  expect(new URL(link).pathname).toMatch(/^\/share\/.+/);

  const { context, page: visitor } = await openFresh(browser, link);
  await expect(visitor).toHaveURL(/\/home$/);
  await expect(visitor.getByTestId('share-countdown')).toHaveText(/^Expira em (59 minutos|1 hora)$/);
  await expect(visitor.getByTestId('map-device-count')).toHaveText('1 dispositivo no mapa');
  // The visitor is the link's temporary user, not the administrator who made it.
  expect(await visitor.getByTestId('user-menu').textContent()).not.toContain(demoAdmin.name);
  await context.close();
});
