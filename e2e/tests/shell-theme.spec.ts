import { expect, signedOut, test } from './fixtures';
import { adminApi } from './admin-api';
import { demoAdmin } from './demo';
import { currentPorts } from './slot';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

/**
 * The gateway picks the tenant by the Host header. The suite's pages use 127.0.0.1 (the default
 * tenant); the same gateway reached as `localhost` is a reseller's domain.
 */
const RESELLER_DOMAIN = 'localhost';
const resellerUrl = (path: string) => `http://${RESELLER_DOMAIN}:${currentPorts().gateway}${path}`;

// A 1×1 PNG, enough for the gateway to recognise an image.
const FAVICON_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('white-label theming (SPEC §1, issue 5)', () => {
  test("a reseller's domain shows its theme on the login screen, title and favicon included, from the first paint", async ({ page }) => {
    const api = await adminApi();
    const theme = { appName: 'Frota Azul', colors: { primary: '#7b1fa2' }, login: { title: 'Bem-vindo à Frota Azul', showRegisterLink: false, showSharedLinkAccess: false } };
    const config = { messagingLink: 'https://wa.me/5511999990000' };
    const saved = await api.put(`/rastro/resellers/${RESELLER_DOMAIN}`, { data: { theme, config } });
    expect(saved.ok(), await saved.text()).toBe(true);
    const uploaded = await api.post(`/rastro/theme/images/favicon?domain=${RESELLER_DOMAIN}`, { headers: { 'content-type': 'image/png' }, data: FAVICON_PNG });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    try {
      await page.goto(resellerUrl('/login'));
      await expect(page.locator('#login-email')).toBeVisible();
      // Read at once, not polled: the login screen must not show the default look first.
      expect(await page.getByTestId('app-name').textContent()).toBe('Bem-vindo à Frota Azul');
      expect(await page.title()).toBe('Frota Azul');
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/rastro\/assets\/custom\/images\/favicon/);
      // The shared Chakra system takes the theme's primary colour.
      await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCSS('background-color', 'rgb(123, 31, 162)');
      await expect(page.getByTestId('share-access')).toHaveCount(0);

      // Signed in on that domain: its name in the top bar and its messaging-app link over the map.
      await page.locator('#login-email').fill(demoAdmin.email);
      await page.locator('#login-password').fill(demoAdmin.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByTestId('top-bar-logo')).toHaveText('Frota Azul');
      await expect(page.getByTestId('messaging-link')).toHaveAttribute('href', 'https://wa.me/5511999990000');

      // A title in the domain's config.json names the page instead of the theme's application name.
      const titled = await api.put(`/rastro/resellers/${RESELLER_DOMAIN}`, { data: { theme, config: { ...config, title: 'Frota Azul — Rastreamento' } } });
      expect(titled.ok(), await titled.text()).toBe(true);
      await page.reload();
      await expect(page).toHaveTitle('Frota Azul — Rastreamento');

      // The default domain keeps Rastro's own look.
      await page.goto('/login');
      await expect(page.locator('#login-email')).toBeVisible();
      await expect(page.getByTestId('messaging-link')).toHaveCount(0);
      expect(await page.getByTestId('app-name').textContent()).toBe('Rastro');
      expect(await page.title()).toBe('Rastro');
      await expect(page.getByTestId('share-access')).toBeVisible();
    } finally {
      await api.delete(`/rastro/resellers/${RESELLER_DOMAIN}`);
      await api.dispose();
    }
  });

  test('the login screen loads neither a remote nor the map library', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await expect(page.locator('#login-email')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const remoteOrMap = requested.filter((path) => path.startsWith('/remotes/') || path === '/rastro/remotes' || /maplibre/i.test(path));
    expect(remoteOrMap).toEqual([]);

    // Signed in, the map remote does load: the check above can fail.
    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-password').fill(demoAdmin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => requested.some((path) => path.startsWith('/remotes/mf-map/'))).toBe(true);
  });
});
