import { expect, signedOut, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi, setRegistration } from './admin-api';
import { withServerAttributes } from './fleet-support';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

async function expectNoMissingKeys(page: Page) {
  // A key without a translation shows as ⟦key⟧ (SPEC §1).
  await expect(page.locator('body')).not.toContainText('⟦');
}

test.describe('languages (SPEC §1)', () => {
  test('?locale=es shows the login screen in Spanish', async ({ page }) => {
    await page.goto('/login?locale=es');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Recordarme' })).toBeAttached();
    await expect(page.getByRole('link', { name: 'Olvidé mi contraseña' })).toBeVisible();
    await expect(page.getByText('Acceso por enlace compartido')).toBeVisible();
    await expectNoMissingKeys(page);
  });

  test('?locale=en-US shows the login screen in English, and its validation too', async ({ page }) => {
    await page.goto('/login?locale=en-US');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot my password' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields.');
    await expectNoMissingKeys(page);

    await page.getByRole('link', { name: 'Forgot my password' }).click();
    await expect(page.getByRole('heading', { name: 'Recover password' })).toBeVisible();
    await expectNoMissingKeys(page);
  });

  test('an English browser (en-US) gets English; the switcher\'s choice wins over it and is kept across a reload', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await page.getByLabel('Language').selectOption('es');
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expectNoMissingKeys(page);
    } finally {
      await context.close();
    }
  });

  test('the browser\'s languages count in the reader\'s order, then the page\'s language (pt-BR)', async ({ browser }) => {
    const cases: { languages: string[]; signIn: string }[] = [
      { languages: ['en-US', 'en'], signIn: 'Sign in' },
      { languages: ['de-DE', 'es-MX', 'en-US'], signIn: 'Ingresar' },
      { languages: ['fr-FR', 'en-GB', 'es'], signIn: 'Sign in' },
      { languages: ['de-DE', 'fr-FR'], signIn: 'Entrar' },
    ];
    for (const { languages, signIn } of cases) {
      const context = await browser.newContext({ locale: languages[0] });
      // Playwright's `locale` sets one language; a reader's browser ranks several, which only
      // navigator.languages carries, so the ranked list is set there before the page runs.
      await context.addInitScript((ranked) => {
        Object.defineProperty(Navigator.prototype, 'languages', { get: () => ranked, configurable: true });
      }, languages);
      const page = await context.newPage();
      try {
        await page.goto('/login');
        await expect(page.getByRole('button', { name: signIn }), languages.join(', ')).toBeVisible();
      } finally {
        await context.close();
      }
    }
  });

  test('precedence: ?locale, then the switcher, then the user\'s rastro.lang, then the server\'s, then the browser', async ({ browser }) => {
    const api = await adminApi();
    const restoreServer = await withServerAttributes(api, { 'rastro.lang': 'es' });
    const person = { name: 'Idiomas e2e', email: `idiomas-${Date.now()}@rastro.demo`, password: 'idiomas1' };
    const created = await api.post('/api/users', { data: { ...person, attributes: { 'rastro.lang': 'en-US' } } });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    const accountEntry = async () => {
      await page.getByTestId('user-menu').click();
      const entry = await page.getByTestId('user-menu-account').textContent();
      await page.keyboard.press('Escape');
      return entry;
    };
    try {
      // The server's over the Portuguese browser, on the login screen already.
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
      // The user's over the server's.
      await page.locator('#login-email').fill(person.email);
      await page.locator('#login-password').fill(person.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByTestId('user-menu')).toContainText(person.name);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      expect(await accountEntry()).toBe('My account');
      // The switcher over the user's, kept across a reload.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await page.reload();
      await expect(page.getByTestId('user-menu')).toContainText(person.name);
      expect(await accountEntry()).toBe('Mi cuenta');
      // ?locale over everything.
      await page.goto('/home?locale=pt-BR');
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      expect(await accountEntry()).toBe('Minha conta');
      await expectNoMissingKeys(page);
    } finally {
      await context.close();
      await api.delete(`/api/users/${id}`);
      await restoreServer();
      await api.dispose();
    }
  });
});

test.describe('registration link', () => {
  test('shows only while the server allows registration', async ({ page }) => {
    const api = await adminApi();
    try {
      await setRegistration(api, true);
      await page.goto('/login');
      await expect(page.getByRole('link', { name: 'Criar uma conta' })).toBeVisible();
      await page.getByRole('link', { name: 'Criar uma conta' }).click();
      await expect(page).toHaveURL(/\/register$/);

      const email = `novo${Date.now()}@rastro.demo`;
      await page.getByLabel('Nome e sobrenome').fill('Nova Pessoa');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('segredo');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await expect(page.getByRole('status')).toHaveText('Conta criada. Você já pode entrar.');

      await setRegistration(api, false);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Criar uma conta' })).toHaveCount(0);
    } finally {
      await setRegistration(api, false);
      await api.dispose();
    }
  });
});
