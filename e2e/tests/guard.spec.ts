import { expect, signedOut, test } from './fixtures';
import { demoAdmin } from './demo';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

test.describe('route guard (SPEC §2)', () => {
  test('public screens open without a session', async ({ page }) => {
    for (const [path, heading] of [
      ['/register', 'Criar conta'],
      ['/login/recover', 'Recuperar senha'],
      ['/login/recover/abc123', 'Criar nova senha'],
      ['/motorista', 'Acesso do motorista'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('a session screen without a session goes to /login?to=<path>, query included', async ({ page }) => {
    await page.goto('/devices/3?expand=true');
    await expect(page).toHaveURL(/\/login\?to=%2Fdevices%2F3%3Fexpand%3Dtrue$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('a driver screen without a session goes to the driver login, and the driver lands where they were going', async ({ page }) => {
    await page.goto('/qr-driver/scan/7');
    await expect(page).toHaveURL(/\/motorista\?to=%2Fqr-driver%2Fscan%2F7$/);
    await expect(page.getByRole('heading', { name: 'Acesso do motorista' })).toBeVisible();

    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-password').fill(demoAdmin.password);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/qr-driver\/scan\/7$/);
    await expect(page.getByTestId('driver-area')).toBeVisible();
  });

  test('the driver login lands on /qr-driver by default', async ({ page }) => {
    await page.goto('/motorista');
    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-password').fill(demoAdmin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/qr-driver$/);
  });

  test('when server info cannot load the user sees maintenance, which returns by itself when the server is back', async ({ page }) => {
    await page.route('**/api/server', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: 'Servidor em manutenção' })).toBeVisible();

    await page.unroute('**/api/server');
    // No click: the page retries on its own, then the guard carries on to the login for /devices.
    await expect(page).toHaveURL(/\/login\?to=%2Fdevices$/, { timeout: 15_000 });
  });

  test('the maintenance page is always allowed', async ({ page }) => {
    await page.route('**/api/server', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'Servidor em manutenção' })).toBeVisible();
    await expect(page).toHaveURL(/\/maintenance$/);
  });
});
