import { expect, test } from '@playwright/test';
import { GATEWAY_PORT } from '../playwright.config';
import { demoAdmin } from './demo';
import { startRemoteDevServer, type DevServer } from './dev-server';

// README, "Working on one remote": a remote runs alone on its own dev server against a running
// gateway and signs in with the demo account. mf-fleet: quick to compile, and its device list
// shows data that can only have come through the gateway.
const FLEET_DEV_PORT = Number(process.env.E2E_FLEET_DEV_PORT ?? 13002);
const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;

test.describe('a remote on its own dev server', () => {
  test.describe.configure({ timeout: 90_000 });
  let devServer: DevServer | undefined;

  test.beforeAll(async () => {
    devServer = await startRemoteDevServer({ packageName: '@rastro/mf-fleet', port: FLEET_DEV_PORT, gatewayUrl, timeoutMs: 75_000 });
  });

  test.afterAll(async () => {
    await devServer?.stop();
  });

  test('mf-fleet signs in through the gateway by itself and lists the demo fleet', async ({ page, request }) => {
    const login = await request.post(`${gatewayUrl}/api/session`, { form: { email: demoAdmin.email, password: demoAdmin.password } });
    expect(login.status()).toBe(200);
    const fleet = (await (await request.get(`${gatewayUrl}/api/devices`)).json()) as Array<{ name: string }>;
    expect(fleet.length).toBeGreaterThan(0);

    const signIn = page.waitForResponse((response) => response.url().endsWith('/api/session') && response.request().method() === 'POST');
    await page.goto(devServer!.url);
    expect((await signIn).status()).toBe(200);
    // The list is virtualised: it shows the first devices by name, and search reaches any other.
    const names = fleet.map((device) => device.name).sort((a, b) => a.localeCompare(b, 'pt-BR'));
    const list = page.getByTestId('device-list');
    await expect(list.getByTestId('device-row-name').first()).toHaveText(names[0]!);
    await page.getByRole('textbox', { name: 'Buscar' }).fill(names.at(-1)!);
    await expect(list.getByTestId('device-row-name')).toHaveText([names.at(-1)!]);
  });
});
