import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminApi, setRegistration } from './admin-api';

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

  test('the switcher on the login screen changes the language and keeps it across a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.getByLabel('Idioma').selectOption('es');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
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
