import { expect, signedOut, test } from './fixtures';
import { demoAdmin, signIn } from './demo';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

test.describe('signing in', () => {
  test('without a session any page sends the user to log in, remembering where they were going', async ({ page }) => {
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/login\?to=%2Fdevices$/);
  });

  test('an unknown path ends on /login?to=/home without a session', async ({ page }) => {
    await page.goto('/xyz');
    await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
  });

  test('the login screen speaks Portuguese to a Portuguese browser (the e2e default locale) and English with ?locale=en-US', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByLabel('Senha')).toBeVisible();

    await page.goto('/login?locale=en-US');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('a Spanish browser gets Spanish', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-AR' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await context.close();
  });

  test('empty fields and wrong passwords are explained in the user language', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Preencha todos os campos.');

    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-password').fill('not-the-password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Combinação de usuário e senha inválida.');
  });

  test('the login screen does not download the map library', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(scripts.some((url) => url.includes('/remotes/mf-map/'))).toBe(false);
  });

  test('after login the user lands where they were going, and an unknown path goes home', async ({ page }) => {
    await page.goto('/devices');
    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-password').fill(demoAdmin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/devices$/);

    await page.goto('/xyz');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('logout returns to the login screen and the session is gone', async ({ page }) => {
    await signIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
  });
});
