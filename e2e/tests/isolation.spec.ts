import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { withServerAttributes } from './fleet-support';

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

  test('an admin remote whose code throws as it loads shows the error in its panel, and retry loads the fixed build', async ({ page }) => {
    let broken = true;
    await page.route('**/remotes/mf-admin/remoteEntry*.js', (route) =>
      broken ? route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("a broken deploy");' }) : route.continue(),
    );
    await signIn(page, '/login?to=/server');
    const error = page.getByTestId('area-error-mf_admin');
    await expect(error).toBeVisible();
    await expect(page.getByTestId('live-map').locator('canvas')).toBeVisible();

    broken = false;
    await error.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByTestId('server-settings')).toBeVisible();
  });

  test('React is loaded exactly once per page, with all five remotes mounted', async ({ page }) => {
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
    // My invoices (mf-billing) is offered only while billing is enabled.
    const api = await adminApi();
    const restoreServer = await withServerAttributes(api, { 'rastro.enableBilling': true });
    try {
      await signIn(page, '/login?to=/devices');
      await expect(page.getByTestId('device-list')).toBeVisible();
      await expect(page.getByTestId('live-map').locator('canvas')).toBeVisible();
      // The other remotes join the same page through in-app navigation (the shell's router follows history).
      const goInApp = (path: string) =>
        page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await goInApp('/reports');
      await expect(page.getByRole('button', { name: 'Resumo' })).toBeVisible();
      await goInApp('/server');
      await expect(page.getByTestId('server-settings')).toBeVisible();
      await goInApp('/invoices');
      await expect(page.getByText('Nenhuma fatura disponível')).toBeVisible();
      const renderers = await page.evaluate(
        () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
      );
      expect(renderers).toBe(1);
    } finally {
      await restoreServer();
      await api.dispose();
    }
  });
});
