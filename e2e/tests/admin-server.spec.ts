import type { Page } from '@playwright/test';
import { adminApi, setRegistration } from './admin-api';
import { expectAccessible } from './axe';
import { signIn } from './demo';
import { expect, test } from './fixtures';

/** A clock time on a 12-hour clock ("03:04 PM", "3:04 p. m."), at the end of the row's last update. */
const TWELVE_HOUR = /\d{1,2}:\d{2}\s?[ap]\.?\s?m\.?$/i;

const firstUpdate = (page: Page) => page.getByTestId('device-row-updated').first();
/** A remote's first load in a fresh tab fetches and starts its bundle: on two busy cores that can outlast the default wait. */
const LOADING = { timeout: 60_000 };

// The server settings screen (mf-admin /server) against the real gateway and tracker: a setting
// saved there changes what users see, in the browsers already open too, and the write is in the
// advanced logs (/logs), found by its filter.
test('server settings change behaviour everywhere, and the change is in the advanced logs', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const original = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
  const visitor = await browser.newContext();
  try {
    await setRegistration(api, true);
    await signIn(page, '/login?to=/devices');
    await expect(firstUpdate(page)).toBeVisible(LOADING);
    // A second tab of the same session, open before the change: the socket brings it the new settings.
    const other = await page.context().newPage();
    await other.goto('/devices');
    await expect(firstUpdate(other)).toBeVisible(LOADING);
    await expect(firstUpdate(other)).not.toHaveText(TWELVE_HOUR);

    await page.goto('/server');
    const form = page.getByTestId('server-settings');
    await expect(form.getByLabel('Permitir cadastro de novos usuários')).toBeChecked(LOADING);
    await expectAccessible(page);
    await form.getByLabel('Permitir cadastro de novos usuários').uncheck();
    await form.getByLabel('Relógio de 12 horas').check();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('server-settings-notice')).toHaveText('Configurações salvas.');

    await expect(firstUpdate(other)).toHaveText(TWELVE_HOUR);
    const anonymous = await visitor.newPage();
    await anonymous.goto('/login');
    await expect(anonymous.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(anonymous.getByRole('link', { name: 'Criar uma conta' })).toHaveCount(0);

    await page.goto('/logs');
    await expect(page.getByTestId('logs-area')).toBeVisible(LOADING);
    await page.getByLabel('Objeto').selectOption({ label: 'Servidor' });
    await expect(page).toHaveURL(/\/logs\?objectType=server$/);
    const row = page.getByTestId('log-row').first();
    await expect(row).toContainText('Alterou · Servidor');
    await expectAccessible(page);
    await row.click();
    await expect(page.getByTestId('log-detail').getByRole('row', { name: /twelveHourFormat false true/ })).toBeVisible();
  } finally {
    await visitor.close();
    const restored = await api.put('/api/server', { data: original });
    expect(restored.ok(), await restored.text()).toBe(true);
    await api.dispose();
  }
});
