import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { demoAdmin, signIn } from './demo';
import { currentPorts, gatewayUrl } from './slot';

/**
 * The gateway picks the tenant by the Host header: the suite's pages use 127.0.0.1 (the default
 * tenant), the same gateway reached as `localhost` is a reseller's domain (as in shell-theme.spec.ts).
 */
const RESELLER_DOMAIN = 'localhost';
const resellerUrl = (path: string) => `http://${RESELLER_DOMAIN}:${currentPorts().gateway}${path}`;

async function signInAt(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(url);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test.describe('theme editor and resellers (issue 20)', () => {
  test("a domain made in the resellers screen gets its theme and modules on its next page load, and undo puts the theme back", async ({ page, browser }) => {
    // Two domains, two browsers, a sign-in on each: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const api = await adminApi();
    const visitor = await browser.newContext({ locale: 'pt-BR' });
    try {
      // The administrator makes the reseller domain, with the reports module switched off.
      await signIn(page, '/resellers');
      await page.getByTestId('reseller-new').click();
      await page.getByTestId('reseller-domain').fill(RESELLER_DOMAIN);
      await page.getByTestId('reseller-remote_mf_reports').click();
      await page.getByTestId('reseller-save').click();
      const row = page.getByTestId(`reseller-row-${RESELLER_DOMAIN}`);
      await expect(row).toBeVisible();
      await expect(row).not.toContainText('Relatórios');
      await expectAccessible(page, '[data-testid="resellers"]');

      // Its theme, from its row.
      await row.getByRole('button', { name: `Tema de ${RESELLER_DOMAIN}` }).click();
      // The editor is another expose of the admin remote: loaded now, slow on a busy machine.
      await expect(page.getByTestId('theme-domain')).toHaveText(RESELLER_DOMAIN, { timeout: 60_000 });
      await page.getByTestId('theme-appName').fill('Frota Teste');
      await page.getByTestId('theme-primary').fill('#7b1fa2');
      await expect(page.getByTestId('preview-app-name')).toHaveText('Frota Teste');
      await expect(page.getByTestId('contrast-primary')).toHaveAttribute('data-passes', 'true');
      await expectAccessible(page, '[data-testid="theme-editor"]');
      await page.getByTestId('theme-save').click();
      await expect(page.getByTestId('theme-outcome')).toHaveAttribute('data-kind', 'success');

      // That domain's login shows it from the first paint; the main domain keeps Rastro's.
      const reseller = await visitor.newPage();
      await reseller.goto(resellerUrl('/login'));
      await expect(reseller.locator('#login-email')).toBeVisible();
      expect(await reseller.getByTestId('app-name').textContent()).toBe('Frota Teste');
      await expect(reseller.getByRole('button', { name: 'Entrar' })).toHaveCSS('background-color', 'rgb(123, 31, 162)');
      const main = await visitor.newPage();
      await main.goto(`${gatewayUrl()}/login`);
      await expect(main.locator('#login-email')).toBeVisible();
      expect(await main.getByTestId('app-name').textContent()).toBe('Rastro');
      await main.close();

      // Signed in there, the reports module is gone from the menu; on the main domain it is still there.
      await signInAt(reseller, resellerUrl('/login'), demoAdmin.email, demoAdmin.password);
      await expect(reseller.getByTestId('top-bar-logo')).toHaveText('Frota Teste');
      await reseller.getByTestId('menu-button').click();
      await expect(reseller.getByTestId('menu-devices')).toBeVisible();
      await expect(reseller.getByTestId('menu-reports')).toHaveCount(0);
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-reports')).toBeVisible();
      await page.keyboard.press('Escape');

      // Undo, confirmed: the domain's next page load shows the theme it had before.
      await page.getByTestId('theme-undo').click();
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('theme-outcome')).toContainText('O tema anterior voltou');
      await expect(page.getByTestId('theme-appName')).toHaveValue('Rastro', { timeout: 30_000 });
      await reseller.reload();
      await expect(reseller.getByTestId('top-bar-logo')).toHaveText('Rastro');
    } finally {
      await visitor.close();
      await api.delete(`/rastro/resellers/${RESELLER_DOMAIN}`);
      await api.dispose();
    }
  });

  test('a reseller whose domain holds its device limit is told why it cannot add more', async ({ page }) => {
    test.setTimeout(120_000);
    const api = await adminApi();
    const reseller = { name: 'Revenda no limite', email: `revenda-${Date.now()}@rastro.demo`, password: 'revenda1' };
    const created = await api.post('/api/users', { data: { ...reseller, attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': RESELLER_DOMAIN } } });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    try {
      const [device] = (await (await api.get('/api/devices')).json()) as Array<{ id: number }>;
      expect((await api.post('/api/permissions', { data: { userId: id, deviceId: device!.id } })).ok()).toBe(true);
      const domain = await api.put(`/rastro/resellers/${RESELLER_DOMAIN}`, { data: { ownerUserId: id, deviceLimit: 1, userLimit: 3 } });
      expect(domain.ok(), await domain.text()).toBe(true);

      await signInAt(page, '/login', reseller.email, reseller.password);
      await page.goto('/resellers');
      // The admin remote loads after the map: on a busy machine, more than the default wait.
      await expect(page.getByTestId('reseller-own')).toContainText(RESELLER_DOMAIN, { timeout: 60_000 });
      // Counted after the list shows: the tree is walked on the tracking server.
      await expect(page.getByTestId('reseller-limit-devices')).toContainText('limite de 1 dispositivos', { timeout: 30_000 });
      await expect(page.getByTestId('reseller-limit-users')).toHaveCount(0);
      await expectAccessible(page, '[data-testid="resellers"]');
    } finally {
      await api.delete(`/rastro/resellers/${RESELLER_DOMAIN}`);
      await api.delete(`/api/users/${id}`);
      await api.dispose();
    }
  });
});
