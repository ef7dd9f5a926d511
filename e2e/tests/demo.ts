import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The README's demo administrator, seeded by the tracker. */
export const demoAdmin = { email: 'admin@rastro.demo', password: 'admin', name: 'Administrador' };

/** Where a login at `path` lands: its `?to=`, else the home screen (same origin as `path`). */
function landingOf(path: string): string {
  const url = new URL(path, 'http://relative.invalid');
  if (url.pathname !== '/login') return path;
  const landing = url.searchParams.get('to') ?? '/home';
  return url.origin === 'http://relative.invalid' ? landing : `${url.origin}${landing}`;
}

/**
 * Opens `path` as the demo administrator. A test's own page starts with the worker's shared admin session
 * (fixtures.ts), so this only opens where the login would land; a browser without it (`signedOut`,
 * a context of its own, another stack) signs in through the login form, ticking remember me when asked.
 */
export async function signIn(page: Page, path = '/login', { remember = false }: { remember?: boolean } = {}): Promise<void> {
  const form = page.locator('#login-email');
  const userMenu = page.getByTestId('user-menu');
  // Remember me is ticked on the form, so that login keeps to the form.
  await page.goto(remember ? path : landingOf(path));
  // As long as the test allows: the first load of the app can take a while on a busy machine.
  await form.or(userMenu).first().waitFor();
  if (await form.isVisible()) {
    await form.fill(demoAdmin.email);
    await page.locator('#login-password').fill(demoAdmin.password);
    if (remember) await page.locator('label:has(input[name="remember"])').click();
    await page.locator('form button[type=submit]').click();
  }
  await expect(userMenu).toContainText(demoAdmin.name);
}
