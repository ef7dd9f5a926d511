import { expect, signedOut, test } from './fixtures';
import { adminApi } from './admin-api';
import { demoAdmin } from './demo';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

async function signInRemembering(page: import('@playwright/test').Page, remember: boolean) {
  await page.goto('/login');
  await page.locator('#login-email').fill(demoAdmin.email);
  await page.locator('#login-password').fill(demoAdmin.password);
  if (remember) await page.getByText('Lembrar de mim').click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(demoAdmin.name);
}

/** A share link of the first device that expires `msFromNow` from now; its token. */
async function createShare(name: string, msFromNow: number): Promise<string> {
  const api = await adminApi();
  try {
    const devices = (await (await api.get('/api/devices')).json()) as Array<{ id: number }>;
    const expiresAt = new Date(Date.now() + msFromNow).toISOString();
    const created = await api.post('/rastro/shares', { data: { name, deviceIds: [devices[0]!.id], expiresAt } });
    expect(created.ok(), await created.text()).toBe(true);
    return ((await created.json()) as { token: string }).token;
  } finally {
    await api.dispose();
  }
}

test.describe('session (SPEC §4)', () => {
  test('remember me signs in again at start, even when the session cookie is gone', async ({ page, context }) => {
    await signInRemembering(page, true);
    expect(await page.evaluate(() => window.localStorage.getItem('rememberMe'))).toContain(demoAdmin.email);
    await context.clearCookies();
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByTestId('user-menu')).toContainText(demoAdmin.name);
  });

  test('remember me signs in at start on a public screen too: the login screen moves on to where the user was going', async ({ page, context }) => {
    await signInRemembering(page, true);
    await context.clearCookies();
    await page.goto('/login?to=%2Fdevices');
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByTestId('user-menu')).toContainText(demoAdmin.name);
  });

  test('without remember me, a lost session cookie means logging in again', async ({ page, context }) => {
    await signInRemembering(page, false);
    expect(await page.evaluate(() => window.localStorage.getItem('rememberMe'))).toBeNull();
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
  });

  test('logout clears the stored credentials and the session, and reloads on the login screen', async ({ page }) => {
    await signInRemembering(page, true);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('rememberMe'))).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
  });

  test('a session marker of 20 characters is kept in the browser', async ({ page }) => {
    await page.goto('/login');
    const marker = await page.evaluate(() => JSON.parse(window.localStorage.getItem('sessionMarker') ?? 'null') as string | null);
    expect(marker).toMatch(/^[A-Za-z0-9]{20}$/);
    await page.reload();
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('sessionMarker') ?? 'null') as string | null)).toBe(marker);
  });

  test('a shared link signs in as its temporary user, who sees the time left instead of a name', async ({ browser }) => {
    const token = await createShare('Cliente e2e', 2 * 86_400_000 + 3_600_000);

    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`/share/${token}`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('share-countdown')).toHaveText('Expira em 2 dias');
    await context.close();
  });

  test('a shared user whose link expires sees the seconds run out, confirms the expired session and is logged out', async ({ browser }) => {
    // Long enough to open the page on a busy machine, short enough to watch it expire (under a
    // minute, so the countdown counts seconds).
    test.setTimeout(90_000);
    const token = await createShare('Expira logo', 30_000);

    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`/share/${token}`);
    const countdown = page.getByTestId('share-countdown');
    await expect(countdown).toHaveText(/^Expira em \d+ segundos?$/);
    // Refreshed each second: wait for the next value, however long a busy machine takes to draw it.
    const before = await countdown.textContent();
    await expect(countdown).not.toHaveText(before ?? '');

    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Sessão expirada', { timeout: 40_000 });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
