import { chromium } from '@playwright/test';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { BROWSER_ARGS, HEADLESS_SHELL_PATH } from './browsers';
import { qrCodeVideo } from './fake-camera';
import { expect, test } from './fixtures';
import { createDevice, signInAs } from './fleet-support';
import { gatewayUrl } from './slot';

const stamp = () => Date.now().toString(36);
const phone = { width: 390, height: 844 };

// The QR driver on a phone: signs in at /motorista, scans the vehicle's sticker with the camera
// (Chromium's fake camera plays a picture of the code), checks in, sees vehicle, lock and timers, checks out.
test("a QR driver checks in by scanning the vehicle's code on a phone, sees its timers, and checks out", async () => {
  // A browser of its own (the fake camera is a launch option) and one login for the whole flow.
  test.setTimeout(120_000);
  const api = await adminApi();
  const vehicle = await createDevice(api, { name: `Van QR ${stamp()}`, uniqueId: `qrv${stamp()}` });
  const username = `motorista.${stamp()}`;
  const driver = await api.post('/api/drivers', {
    data: { name: 'Motorista QR', uniqueId: `qrd${stamp()}`, attributes: { 'rastro.qrAccess': { username, password: 'dirigir1', logoutDelayMinutes: 90, lockWithoutDriver: true, lockDelayMinutes: 5 } } },
  });
  expect(driver.ok(), await driver.text()).toBe(true);
  const driverId = ((await driver.json()) as { id: number }).id;

  // The sticker's code, as the device detail prints it.
  const video = qrCodeVideo(`${gatewayUrl()}/qr-driver/scan/${vehicle.id}`);
  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    args: [...BROWSER_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL: gatewayUrl(), viewport: phone, isMobile: true, hasTouch: true, locale: 'pt-BR', permissions: ['camera'] });
    const page = await context.newPage();
    await page.goto('/motorista');
    await page.locator('#login-email').fill(username);
    await page.locator('#login-password').fill('dirigir1');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/qr-driver$/);
    const screen = page.getByTestId('qr-driver');
    await expect(screen.getByTestId('qr-driver-lock-delay')).toContainText('5 minuto(s)');
    await expectAccessible(page);

    // Only the driver screens: another route leads back here.
    await page.goto('/devices');
    await expect(page).toHaveURL(/\/qr-driver$/);

    await page.getByTestId('scan-toggle').click();
    await expect(screen).toHaveAttribute('data-checked-in', String(vehicle.id));
    await expect(screen.getByRole('heading', { name: vehicle.name })).toBeVisible();
    await expect(screen.getByTestId('qr-driver-lock')).toHaveAttribute('data-blocked', 'false');
    // 90 minutes of the driver's settings, each QR_DRIVER_MINUTE_MS long on the e2e stack (playwright.config.ts).
    await expect(screen.getByTestId('qr-driver-logout')).toContainText(/Saída automática em \d+ minuto\(s\)/);
    await expectAccessible(page);
    const linked = (await (await api.get(`/api/drivers?deviceId=${vehicle.id}`)).json()) as { id: number }[];
    expect(linked.map((entry) => entry.id)).toContain(driverId);

    await screen.getByTestId('qr-driver-check-out').click();
    await expect(screen).toHaveAttribute('data-checked-in', '0');
    await expect(page.getByTestId('qr-driver-check-in-form')).toBeVisible();
    const left = (await (await api.get(`/api/drivers?deviceId=${vehicle.id}`)).json()) as { id: number }[];
    expect(left.map((entry) => entry.id)).not.toContain(driverId);

    // The typed code works too; with a one-minute logout delay (seconds here) the driver is checked
    // out and signed out when it runs out, without touching anything.
    const stored = (await (await api.get(`/api/drivers/${driverId}`)).json()) as { attributes: Record<string, Record<string, unknown>> };
    const access = { ...stored.attributes['rastro.qrAccess'], logoutDelayMinutes: 1, lockWithoutDriver: false };
    expect((await api.put(`/api/drivers/${driverId}`, { data: { ...stored, attributes: { ...stored.attributes, 'rastro.qrAccess': access } } })).ok()).toBe(true);
    await page.locator('#qr-driver-code').fill(String(vehicle.id));
    await page.getByTestId('qr-driver-check-in').click();
    await expect(screen).toHaveAttribute('data-checked-in', String(vehicle.id));
    await expect(page.locator('#login-email')).toBeVisible({ timeout: 45_000 });
    await expect(page).not.toHaveURL(/\/qr-driver/);
    const after = (await (await api.get(`/api/drivers?deviceId=${vehicle.id}`)).json()) as { id: number }[];
    expect(after.map((entry) => entry.id)).not.toContain(driverId);
    await context.close();
  } finally {
    await browser.close();
    await api.dispose();
  }
});

// Autolink (/autolink): a device added by its typed IMEI, then the user's own limit explained.
test('a user adds a device by typed IMEI, and at his device limit is told which limit and refused', async ({ page }) => {
  const api = await adminApi();
  const email = `auto${stamp()}@rastro.demo`;
  const created = await api.post('/api/users', { data: { name: 'Autolink Limitado', email, password: 'secret1', deviceLimit: 1 } });
  expect(created.ok(), await created.text()).toBe(true);
  await api.dispose();

  await signInAs(page, email, 'secret1', 'Autolink Limitado');
  await page.goto('/autolink');
  await expect(page.getByTestId('autolink-form')).toBeVisible();
  await expectAccessible(page, '[data-testid="autolink-form"]');
  const imei = `35${Date.now()}`.slice(0, 15);
  await page.locator('#autolink-imei').fill(imei);
  await page.locator('#autolink-name').fill('Carro do Autolink');
  await page.getByTestId('autolink-submit').click();
  await expect(page.getByTestId('autolink-form')).toContainText('Dispositivo "Carro do Autolink" criado.');
  await expect(page.getByTestId('autolink-form')).toContainText('A sua conta atingiu o limite de 1 dispositivo(s)');
  await expect(page.getByTestId('autolink-submit')).toBeDisabled();
  const refused = await page.request.post('/rastro/autolink', { data: { uniqueId: `${imei}9` } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('USER_DEVICE_LIMIT_REACHED');
  await page.getByTestId('autolink-open').click();
  await expect(page).toHaveURL(/\/devices\/\d+$/);
});
