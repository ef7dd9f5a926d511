import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { demoAdmin, signIn } from './demo';
import { advancedPerms, signInAs, startGatewayWith, withServerAttributes } from './fleet-support';

const DEVICES_VIEW = 8;
const USERS_VIEW = 16;
const NOTIFICATIONS_VIEW = 32;
const GEOFENCES_VIEW = 40;
const COMPUTED_VIEW = 64;
const DRIVERS_VIEW = 80;
const CALENDARS_VIEW = 88;
const MAINTENANCE_VIEW = 96;
const RESELLER = 104;

async function setUserPerms(api: APIRequestContext, userId: number, bits: number[]): Promise<void> {
  const user = (await (await api.get(`/api/users/${userId}`)).json()) as { attributes: Record<string, unknown> };
  const answer = await api.put(`/api/users/${userId}`, { data: { ...user, attributes: { ...user.attributes, 'rastro.advancedPerms': advancedPerms(bits) } } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Opens the user menu and waits for exactly these entries, top to bottom (their test ids without `user-menu-`). */
async function expectUserMenu(page: Page, entries: string[]): Promise<void> {
  await page.getByTestId('user-menu').click();
  const shown = () => page.locator('[data-testid^="user-menu-"]:visible').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('user-menu-'.length)));
  await expect.poll(shown).toEqual(entries);
  await page.keyboard.press('Escape');
}

/** What an administrator of the paid edition sees with billing enabled: every entry of SPEC §2. */
const EVERY_USER_MENU_ENTRY = ['account', 'logs', 'billingAdmin', 'invoices', 'appearance', 'reseller', 'users', 'computed', 'userNotifications', 'drivers', 'calendars', 'maintenance', 'server', 'logout'];
const without = (...hidden: string[]) => EVERY_USER_MENU_ENTRY.filter((entry) => !hidden.includes(entry));

const phone = { width: 390, height: 844 };

test.describe('shell layout (SPEC §2)', () => {
  test('each menu entry shows by its advanced permission bit, billing, edition and role', async ({ browser }) => {
    const api = await adminApi();
    const restoreServer = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true, 'rastro.enableBilling': true });
    // A reseller, with the reseller bit among its permissions to begin with.
    const operator = { name: 'Operadora de menus', email: `menus-${Date.now()}@rastro.demo`, password: 'menus1' };
    const attributes = { 'rastro.advancedPerms': advancedPerms([DEVICES_VIEW, GEOFENCES_VIEW, USERS_VIEW, DRIVERS_VIEW, MAINTENANCE_VIEW, RESELLER]), 'rastro.reseller': true, 'rastro.resellerDomain': 'menus.example' };
    // A manager (user limit above 0): SPEC §6 offers the users list to managers only.
    const created = await api.post('/api/users', { data: { ...operator, userLimit: 5, attributes } });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const context = await browser.newContext({ locale: 'pt-BR' });
    const adminContext = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signInAs(page, operator.email, operator.password, operator.name);
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-devices')).toHaveText('Dispositivos');
      await expect(page.getByTestId('menu-geofence')).toHaveText('Cercas');
      await expect(page.getByTestId('menu-commands')).toHaveCount(0);
      await expect(page.getByTestId('version-label')).toHaveText('Versão 1.14.0');
      await page.keyboard.press('Escape');
      // My invoices with billing enabled; its own billing and integrations and its domain's appearance (issues 19, 20); no admin-only entry; the bits set, not the others.
      await expectUserMenu(page, ['account', 'billingAdmin', 'invoices', 'appearance', 'reseller', 'users', 'drivers', 'maintenance', 'logout']);
      // The administrator, on the same settings, sees every entry.
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, '/home');
      await expectUserMenu(adminPage, EVERY_USER_MENU_ENTRY);

      // The other bits, and billing off.
      await setUserPerms(api, id, [DEVICES_VIEW, NOTIFICATIONS_VIEW, COMPUTED_VIEW, CALENDARS_VIEW]);
      await withServerAttributes(api, { 'rastro.enableBilling': false });
      await page.reload();
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-devices')).toBeVisible();
      await expect(page.getByTestId('menu-geofence')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expectUserMenu(page, ['account', 'computed', 'userNotifications', 'calendars', 'logout']);
      // Nor can the screen be opened by its address.
      await page.goto('/geofence');
      await expect(page).toHaveURL(/\/home$/);
    } finally {
      await context.close();
      await adminContext.close();
      await api.delete(`/api/users/${id}`);
      await restoreServer();
      await api.dispose();
    }
  });

  test('the free edition leaves out the paid entries, an administrator\'s included', async ({ browser }) => {
    const api = await adminApi();
    const restoreServer = await withServerAttributes(api, { 'rastro.enableBilling': true });
    const free = await startGatewayWith({ RASTRO_EDITION: 'free' });
    try {
      const context = await browser.newContext({ locale: 'pt-BR', baseURL: free.url });
      const page = await context.newPage();
      await signIn(page, '/home');
      await expectUserMenu(page, without('logs', 'billingAdmin', 'appearance'));
      await context.close();
    } finally {
      await free.stop();
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
      // Icons are SVG: this Chromium has no emoji font, and a character icon drew as an empty box.
      await expect(page.getByTestId('mute-toggle').locator('svg')).toBeVisible();

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
