import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { signIn } from './demo';

/**
 * The developers' guide: every screen passes axe-core with no serious or critical violation. The
 * screens other specs do not cover already, each as the user first sees it. Screens added later
 * check themselves in their own spec.
 */
test.describe('accessibility (axe-core, WCAG 2.1 AA: no serious or critical violation)', () => {
  test('the public screens: login, password recovery, driver sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#login-password')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/login/recover');
    await expect(page.locator('input[type=email]').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/motorista');
    await expect(page.locator('input').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the signed-in screens: map, device list and detail, reports chooser, server', async ({ page }) => {
    // Five whole-page axe runs, the live map's among them: each takes seconds on two busy cores.
    test.setTimeout(180_000);
    await signIn(page, '/home');
    await expect(page.getByTestId('map-area')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/devices');
    const firstRow = page.getByTestId('device-row-name').first();
    await expect(firstRow).toBeVisible();
    await expectAccessible(page);
    await firstRow.click();
    await expect(page).toHaveURL(/\/devices\/\d+$/);
    await expectAccessible(page);
    // The billing screens check themselves in billing.spec.ts (they need billing switched on).
    for (const path of ['/reports', '/server']) {
      await page.goto(path);
      await expect(page.getByTestId('side-panel')).toBeVisible();
      // The server's "use the map's view" turns on once the map behind has drawn: judged mid-fade
      // from its disabled look, its contrast is too low.
      if (path === '/server') await expect(page.getByTestId('map-view-pick')).toBeEnabled();
      await expectAccessible(page);
    }
  });
});
