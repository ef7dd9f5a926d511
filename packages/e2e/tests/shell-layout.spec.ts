import { expect, test } from './fixtures';
import type { APIRequestContext } from '@playwright/test';
import { adminApi } from './admin-api';
import { demoAdmin, signIn } from './demo';
import { signInAs, withServerAttributes } from './fleet-support';

/**
 * `rastro.advancedPerms` with exactly these bits set (ARCHITECTURE.md: 128 bits written MSB first,
 * bit k is position k of the bit string; devices view is bit 8, geofences view bit 40).
 */
function advancedPerms(bits: number[]): string {
  const set = new Set(bits);
  let hex = '';
  for (let k = 0; k < 128; k += 4) hex += [0, 1, 2, 3].reduce((nibble, offset) => nibble | (set.has(k + offset) ? 8 >> offset : 0), 0).toString(16);
  return hex;
}
const DEVICES_VIEW = 8;
const GEOFENCES_VIEW = 40;

async function setUserPerms(api: APIRequestContext, userId: number, bits: number[]): Promise<void> {
  const user = (await (await api.get(`/api/users/${userId}`)).json()) as { attributes: Record<string, unknown> };
  const answer = await api.put(`/api/users/${userId}`, { data: { ...user, attributes: { ...user.attributes, 'rastro.advancedPerms': advancedPerms(bits) } } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

const phone = { width: 390, height: 844 };

test.describe('shell layout (SPEC §2)', () => {
  test('a side-menu entry disappears when its advanced permission bit is cleared', async ({ browser }) => {
    const api = await adminApi();
    const restoreServer = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
    const operator = { name: 'Operadora de menus', email: `menus-${Date.now()}@rastro.demo`, password: 'menus1' };
    const created = await api.post('/api/users', { data: { ...operator, attributes: { 'rastro.advancedPerms': advancedPerms([DEVICES_VIEW, GEOFENCES_VIEW]) } } });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signInAs(page, operator.email, operator.password, operator.name);
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-devices')).toHaveText('Dispositivos');
      await expect(page.getByTestId('menu-geofence')).toHaveText('Cercas');
      await expect(page.getByTestId('menu-commands')).toHaveCount(0);
      await expect(page.getByTestId('version-label')).toHaveText('Versão 1.14.0');

      await setUserPerms(api, id, [DEVICES_VIEW]);
      await page.reload();
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-devices')).toBeVisible();
      await expect(page.getByTestId('menu-geofence')).toHaveCount(0);
      // Nor can the screen be opened by its address.
      await page.goto('/geofence');
      await expect(page).toHaveURL(/\/home$/);
      // The user menu follows the same table: no admin-only entry for this user.
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-menu-account')).toBeVisible();
      await expect(page.getByTestId('user-menu-server')).toHaveCount(0);
      await expect(page.getByTestId('user-menu-users')).toHaveCount(0);
    } finally {
      await context.close();
      await api.delete(`/api/users/${id}`);
      await restoreServer();
      await api.dispose();
    }
  });

  test('works on a phone: full-width menu, a bottom panel that minimises and expands, close to /home', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, '/home');
      const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await noSideScroll()).toBe(true);
      await expect(page.getByTestId('mute-toggle')).toBeVisible();

      await page.getByTestId('menu-button').click();
      const menu = await page.getByTestId('side-menu').boundingBox();
      expect(menu?.width).toBeGreaterThanOrEqual(phone.width - 1);
      await page.getByTestId('menu-devices').click();
      await expect(page).toHaveURL(/\/devices$/);
      await expect(page.getByTestId('side-menu')).toHaveCount(0);

      const panel = page.getByTestId('side-panel');
      await expect(panel).toHaveAttribute('data-expanded', 'true');
      const box = await panel.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(phone.width - 1);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(phone.height, -1);
      await page.getByTestId('panel-toggle').click();
      await expect(panel).toHaveAttribute('data-expanded', 'false');
      const minimised = await panel.boundingBox();
      expect(minimised?.height ?? 999).toBeLessThan(80);
      await page.getByTestId('panel-toggle').click();
      await expect(panel).toHaveAttribute('data-expanded', 'true');
      expect(await noSideScroll()).toBe(true);

      await page.getByTestId('panel-close').click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(panel).toHaveCount(0);

      await page.goto('/devices?expand=false');
      await expect(page.getByTestId('side-panel')).toHaveAttribute('data-expanded', 'false');

      // The user menu of an administrator: its entries, the language choice and logout.
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-menu-server')).toBeVisible();
      await expect(page.getByTestId('user-menu-logout')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('every public screen fits a phone: no sideways scrolling, the card and its main button inside the screen', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      for (const path of ['/login', '/register', '/login/recover', '/login/recover/abc', '/motorista']) {
        await page.goto(path);
        const card = page.getByTestId('public-screen').locator('main');
        await expect(card, path).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
        const box = await card.boundingBox();
        expect(box!.x, path).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, path).toBeLessThanOrEqual(phone.width);
        const button = card.getByRole('button').first();
        if (await button.count()) {
          const buttonBox = await button.boundingBox();
          expect(buttonBox!.x + buttonBox!.width, path).toBeLessThanOrEqual(phone.width);
        }
      }
    } finally {
      await context.close();
    }
  });

  test('a shared-link user gets no menus and the map across the whole width', async ({ browser }) => {
    const api = await adminApi();
    const devices = (await (await api.get('/api/devices')).json()) as Array<{ id: number }>;
    const created = await api.post('/rastro/shares', { data: { name: 'Mapa e2e', deviceIds: [devices[0]!.id], expiresAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(created.ok(), await created.text()).toBe(true);
    const { token } = (await created.json()) as { token: string };
    await api.dispose();
    const context = await browser.newContext({ locale: 'pt-BR', viewport: phone });
    try {
      const page = await context.newPage();
      await page.goto(`/share/${token}`);
      await expect(page.getByTestId('share-countdown')).toBeVisible();
      await expect(page.getByTestId('menu-button')).toHaveCount(0);
      await page.goto('/devices');
      await expect(page.getByTestId('side-panel')).toHaveCount(0);
      const map = await page.getByTestId('map-area').boundingBox();
      expect(map?.width).toBeGreaterThanOrEqual(phone.width - 1);
      await expect(page.getByTestId('user-menu')).not.toContainText(demoAdmin.name);
    } finally {
      await context.close();
    }
  });
});
