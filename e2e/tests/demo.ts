import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The README's demo administrator, seeded by the tracker. */
export const demoAdmin = { email: 'admin@rastro.demo', password: 'admin', name: 'Administrador' };

/** Signs the demo administrator in from `path` (absolute for a stack of the test's own), ticking remember me when asked. */
export async function signIn(page: Page, path = '/login', { remember = false }: { remember?: boolean } = {}): Promise<void> {
  await page.goto(path);
  await page.locator('#login-email').fill(demoAdmin.email);
  await page.locator('#login-password').fill(demoAdmin.password);
  if (remember) await page.locator('label:has(input[name="remember"])').click();
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText(demoAdmin.name);
}
