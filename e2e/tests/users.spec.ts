import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { demoAdmin, signIn } from './demo';
import { expect, test } from './fixtures';
import { advancedPerms, createDevice, signInAs, withServerAttributes } from './fleet-support';

/** The users screen, the advanced-permissions grid and "log in as" (issue 17). */

const stamp = () => Date.now().toString(36);
const rowOf = (page: Page, text: string) => page.getByTestId('users-row').filter({ hasText: text });

async function openUsers(page: Page): Promise<void> {
  await page.goto('/users');
  // The first visit loads the area's code: on a busy machine that takes more than the usual wait.
  await expect(page.getByTestId('users-list')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('entity-loading')).toHaveCount(0);
}

/** From the form of `name`, "log in as" it: the page starts again as that user, with the way back above. */
async function actAs(page: Page, name: string): Promise<void> {
  await rowOf(page, name).click();
  await page.getByTestId('user-act-as').click();
  await expect(page.getByTestId('acting-as')).toContainText(name);
  await expect(page.getByTestId('user-menu')).toContainText(name);
}

async function backToAdmin(page: Page): Promise<void> {
  await page.getByTestId('acting-as-back').click();
  await expect(page.getByTestId('users-list')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('user-menu')).toContainText(demoAdmin.name);
  await expect(page.getByTestId('acting-as')).toHaveCount(0);
}

test('the administrator manages users, sets a permission grid the gateway then enforces, and acts as them', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const id = stamp();
  const restore = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
  try {
    await signIn(page, '/home');
    await openUsers(page);
    await expectAccessible(page, '[data-testid="users-list"]');

    // Creating: the form's own validation first (SPEC §5), in the user's language.
    await page.getByTestId('entity-create').click();
    const form = page.getByTestId('users-form');
    await expect(form).toHaveAttribute('data-mode', 'create');
    await page.locator('#entity-field-name').fill('Al');
    await page.locator('#entity-field-email').fill('a@b');
    await page.getByTestId('entity-save').click();
    await expect(form).toContainText('Informe nome e sobrenome');
    await expect(form).toContainText('pelo menos 4 caracteres');
    await expect(form).toContainText('Confira o formulário');
    await page.locator('#entity-field-billingEnabled').check();
    await page.locator('#entity-field-taxId').fill('123.456.789-00');
    await page.getByTestId('entity-save').click();
    await expect(form).toContainText('Informe um CPF ou CNPJ válido');
    await page.locator('#entity-field-billingEnabled').uncheck();

    const name = `Operador ${id}`;
    await page.locator('#entity-field-name').fill(name);
    await page.locator('#entity-field-email').fill(`operador${id}@users.test`);
    await page.locator('#entity-field-password').fill('secret1');
    await page.locator('#entity-field-passwordConfirm').fill('secret1');
    await page.locator('#entity-field-deviceLimit').fill('-1');
    // The grid: the read-only preset, then groups may not even be seen, devices only seen.
    await page.getByTestId('permission-preset-readOnly').click();
    await page.getByTestId('permission-groups-view').uncheck();
    await expect(page.getByTestId('permission-devices-view')).toBeChecked();
    await expect(page.getByTestId('permission-devices-lock')).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Cercas: Criar' })).not.toBeChecked();
    await expectAccessible(page, '[data-testid="users-form"]');
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, name)).toHaveCount(1);
    const users = (await (await api.get('/api/users')).json()) as Array<{ id: number; name: string; deviceLimit: number; attributes: Record<string, unknown> }>;
    const created = users.find((user) => user.name === name);
    const hex = created?.attributes['rastro.advancedPerms'] as string;
    expect(created?.deviceLimit).toBe(-1);

    // Editing: the name changes, the grid shows what was stored, and the map defaults are taken
    // from where the live map behind the panel rests.
    await rowOf(page, name).click();
    await expect(page.getByTestId('permission-grid')).toHaveAttribute('data-hex', hex);
    await page.locator('#entity-field-name').fill(`${name} Silva`);
    const map = page.getByTestId('live-map');
    await expect(map).toHaveAttribute('data-center', /,/);
    await page.getByTestId('map-view-pick').click();
    const [longitude, latitude] = ((await map.getAttribute('data-center')) ?? '').split(',');
    await expect(page.locator('#entity-field-latitude')).toHaveValue(latitude ?? '');
    await expect(page.locator('#entity-field-longitude')).toHaveValue(longitude ?? '');
    await expect(page.locator('#entity-field-zoom')).toHaveValue(String(Math.round(Number(await map.getAttribute('data-zoom')))));
    await page.getByTestId('entity-save').click();
    await expect(rowOf(page, `${name} Silva`)).toHaveCount(1);
    const saved = (await (await api.get(`/api/users/${created?.id}`)).json()) as { latitude: number; longitude: number; zoom: number };
    expect([saved.latitude, saved.longitude]).toEqual([Number(latitude), Number(longitude)]);
    expect(saved.zoom).toBeGreaterThan(0);

    // Its links: a vehicle of this test's own, linked and unlinked, as the API sees it.
    const vehicle = await createDevice(api, { name: `Van do operador ${id}`, uniqueId: `usr${id}` });
    const linkedIds = async () => ((await (await api.get(`/api/devices?userId=${created?.id}`)).json()) as Array<{ id: number }>).map((item) => item.id);
    await rowOf(page, `${name} Silva`).click();
    await page.getByTestId('links-open').click();
    const links = page.getByTestId('links-dialog');
    const box = links.locator('label').filter({ hasText: vehicle.name }).getByTestId('link-toggle');
    await box.click();
    await expect(box).toBeChecked();
    await expect.poll(linkedIds).toContain(vehicle.id);
    await expectAccessible(page, '[data-testid="links-dialog"]');
    await box.click();
    await expect(box).not.toBeChecked();
    await expect.poll(linkedIds).not.toContain(vehicle.id);
    await links.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(links).toHaveCount(0);
    await api.delete(`/api/devices/${vehicle.id}`);
    // Closing the links leaves the user's form open; cancelling it goes back to the list.
    await page.getByTestId('users-form').getByRole('button', { name: 'Cancelar' }).click();

    // Acting as the user: its menus follow the grid, and the gateway refuses what the grid leaves out.
    await actAs(page, `${name} Silva`);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-devices')).toBeVisible();
    await expect(page.getByTestId('menu-reports')).toBeVisible();
    await expect(page.getByTestId('menu-groups')).toHaveCount(0);
    await expect(page.getByTestId('menu-commands')).toBeVisible();
    await page.getByTestId('menu-button').click();
    const refused = await page.request.post('/api/groups', { data: { name: `Grupo ${id}` } });
    expect(refused.status()).toBe(403);
    await page.goto('/commands');
    await expect(page.getByTestId('commands-list')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('entity-create')).toHaveCount(0);
    await backToAdmin(page);

    // Deleting, after confirming (deleting oneself is refused before asking: unit tests).
    await rowOf(page, `${name} Silva`).click();
    await page.getByTestId('entity-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(rowOf(page, `${name} Silva`)).toHaveCount(0);

  } finally {
    await restore();
  }
});

test('a manager sees the users below it, may not pass its user limit (translated refusal), and the screen fits a phone', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await adminApi();
  const id = stamp();
  // A manager at its user limit (1, already used), allowed to manage users.
  const managerName = `Gerente ${id}`;
  const email = `gerente${id}@users.test`;
  const manager = (await (await api.post('/api/users', { data: { name: managerName, email, password: 'secret1', userLimit: 1, deviceLimit: -1, attributes: { 'rastro.advancedPerms': advancedPerms([16, 17, 18, 19]) } } })).json()) as { id: number };
  const below = (await (await api.post('/api/users', { data: { name: `Abaixo ${id}`, email: `abaixo${id}@users.test`, password: 'secret1', deviceLimit: 0 } })).json()) as { id: number };
  expect((await api.post('/api/permissions', { data: { userId: manager.id, managedUserId: below.id } })).ok()).toBe(true);
  const restore = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
  try {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, email, 'secret1', managerName);
    await openUsers(page);
    await expect(rowOf(page, `Abaixo ${id}`)).toBeVisible();
    await expect(page.getByTestId('users-row')).toHaveCount(1);
    await expectAccessible(page, '[data-testid="users-list"]');
    // Its own limits and the grid are the administrator's to set: shown, not editable.
    await page.getByTestId('entity-create').click();
    await expect(page.locator('#entity-field-deviceLimit')).toBeDisabled();
    await expect(page.locator('#entity-field-readonly')).toBeEnabled();
    await expect(page.getByTestId('permission-devices-view')).toBeDisabled();
    await page.locator('#entity-field-name').fill(`Mais um ${id}`);
    await page.locator('#entity-field-email').fill(`maisum${id}@users.test`);
    await page.locator('#entity-field-password').fill('secret1');
    await page.locator('#entity-field-passwordConfirm').fill('secret1');
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('users-form')).toContainText('Limite de usuários do gerente atingido');
    await expectAccessible(page, '[data-testid="users-form"]');
  } finally {
    await restore();
    for (const user of [below.id, manager.id]) await api.delete(`/api/users/${user}`);
  }
});
