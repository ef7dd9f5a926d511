import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

/** The dark primary the test saves for the default domain, as the browser reports it. */
const DARK_PRIMARY = '#7b1fa2';
const DARK_PRIMARY_RGB = 'rgb(123, 31, 162)';

/** WCAG relative luminance of a computed `rgb(…)` colour: under 0.2 reads as a dark background. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 1) + 0.7152 * (g ?? 1) + 0.0722 * (b ?? 1);
}

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe('dark mode (issue 20)', () => {
  test('chosen in the user menu, it darkens every screen, survives a reload with no light first paint, reads well and takes the theme\'s dark primary', async ({ page }) => {
    test.setTimeout(150_000);
    // The default domain's theme gets a dark primary; its own values are put back at the end.
    const api = await adminApi();
    const edit = (await (await api.get('/rastro/theme/edit')).json()) as { domain: string; own: { colors?: { dark?: object } } };
    expect(edit.domain).toBe('*');
    const own = edit.own;
    const saved = await api.put('/rastro/theme', { data: { ...own, colors: { ...own.colors, dark: { ...own.colors?.dark, primary: DARK_PRIMARY } } } });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      // The live map with the device list open, in the light mode a fresh browser with a light system gets.
      await page.goto('/devices');
      await expect(page.getByTestId('device-row-name').first()).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(luminance(await pageBackground(page))).toBeGreaterThan(0.8);

      await page.getByTestId('user-menu').click();
      await page.getByTestId('colour-mode-dark').click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect.poll(async () => luminance(await pageBackground(page))).toBeLessThan(0.2);

      // Kept by the browser: still dark after a reload, the top bar in the theme's dark primary.
      await page.reload();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(page.getByTestId('device-row-name').first()).toBeVisible();
      expect(luminance(await pageBackground(page))).toBeLessThan(0.2);
      await expect(page.getByTestId('top-bar')).toHaveCSS('background-color', DARK_PRIMARY_RGB);
      await expectAccessible(page);

      // An entity list.
      await page.goto('/groups');
      await expect(page.getByTestId('groups-row').first()).toBeVisible();
      await expectAccessible(page);

      // The login, read at once: the moment its frame enters the page (before it can be painted), it is already dark.
      await page.addInitScript(() => {
        const record = window as unknown as { firstLoginPaint?: { dark: boolean; background: string } };
        new MutationObserver((_, observer) => {
          const frame = document.querySelector('.rastro-public');
          if (!frame) return;
          record.firstLoginPaint = { dark: document.documentElement.classList.contains('dark'), background: getComputedStyle(frame).backgroundColor };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/login');
      await expect(page.locator('#login-email')).toBeVisible();
      const first = await page.evaluate(() => (window as unknown as { firstLoginPaint?: { dark: boolean; background: string } }).firstLoginPaint);
      expect(first?.dark).toBe(true);
      // Opaque (its stylesheet already applies) and dark.
      expect(first?.background).toMatch(/^rgb\(/);
      expect(luminance(first?.background ?? 'rgb(255, 255, 255)')).toBeLessThan(0.2);
      // The login's button is the theme's dark primary.
      await expect(page.locator('form button[type=submit]')).toHaveCSS('background-color', DARK_PRIMARY_RGB);
    } finally {
      await api.put('/rastro/theme', { data: own });
      await api.dispose();
    }
  });
});
