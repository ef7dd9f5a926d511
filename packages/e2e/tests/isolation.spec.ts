import { expect, test } from '@playwright/test';
import { signIn } from './demo';

test.describe('a broken remote stays in its own area', () => {
  test('a fleet manifest that 404s shows a retryable error in the panel while the map keeps working', async ({ page }) => {
    let blocked = true;
    await page.route('**/remotes/mf-fleet/mf-manifest.json', (route) => (blocked ? route.fulfill({ status: 404, body: 'not found' }) : route.continue()));
    await signIn(page, '/login?to=/devices');
    await expect(page).toHaveURL(/\/devices$/);

    const error = page.getByTestId('area-error-mf_fleet');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Não foi possível carregar este módulo');
    await expect(page.getByTestId('live-map').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('map-device-count')).toHaveText(/^([5-9]\d|\d{3,}) dispositivos no mapa$/);

    // The same remote, back online: "try again" loads it in place.
    blocked = false;
    await error.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByTestId('device-list')).toBeVisible();
  });

  test('a map remote that never answers leaves login, the shell and the other remotes working', async ({ page }) => {
    await page.route('**/remotes/mf-map/**', (route) => route.abort('timedout'));
    await signIn(page);
    await expect(page.getByTestId('area-error-mf_map')).toBeVisible();
    await expect(page.getByTestId('area-error-mf_map').getByRole('button', { name: 'Tentar novamente' })).toBeVisible();

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: 'Dispositivos' }).click();
    await expect(page.getByTestId('device-list').getByRole('listitem').first()).toBeVisible();
    // Choosing an entry closes the menu, as on a phone.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: 'Relatórios' }).click();
    await expect(page.getByRole('button', { name: 'Resumo' })).toBeVisible();
  });

  test('React is loaded exactly once per page, with every remote mounted', async ({ page }) => {
    // React DOM announces itself to the DevTools hook when it loads: count the announcements.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          renderers,
          supportsFiber: true,
          isDisabled: false,
          inject: (renderer: unknown) => renderers.set(renderers.size + 1, renderer).size,
          checkDCE: () => undefined,
          onScheduleFiberRoot: () => undefined,
          onCommitFiberRoot: () => undefined,
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
        },
      });
    });
    await signIn(page, '/login?to=/devices');
    await expect(page.getByTestId('device-list')).toBeVisible();
    await expect(page.getByTestId('live-map').locator('canvas')).toBeVisible();
    const renderers = await page.evaluate(
      () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    expect(renderers).toBe(1);
  });
});
