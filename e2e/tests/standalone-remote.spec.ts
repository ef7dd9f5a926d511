import type { APIRequestContext } from '@playwright/test';
import { expect, signedOut, test } from './fixtures';
import { demoAdmin } from './demo';
import { startRemoteDevServer, type DevServer } from './dev-server';
import { currentPorts, gatewayUrl, type SlotPorts } from './slot';

// README, "Working on one remote": a remote runs alone on its own dev server against a running
// gateway and signs in with the demo account. What it shows can only have come through the gateway.
// The pages start anonymous: the suite's shared session cookie (same host, another port) would
// otherwise spare the remote its own sign-in.
test.use(signedOut);

async function demoFleet(request: APIRequestContext): Promise<Array<{ id: number; name: string }>> {
  const login = await request.post(`${gatewayUrl()}/api/session`, { form: { email: demoAdmin.email, password: demoAdmin.password } });
  expect(login.status()).toBe(200);
  const fleet = (await (await request.get(`${gatewayUrl()}/api/devices`)).json()) as Array<{ id: number; name: string }>;
  expect(fleet.length).toBeGreaterThan(0);
  return fleet;
}

/** One remote's dev server for the tests of a describe block, stopped after them. */
function useDevServer(packageName: string, port: (ports: SlotPorts) => number): () => DevServer {
  let devServer: DevServer | undefined;
  test.beforeAll(async () => {
    // A hook's timeout is the config's test timeout, not the describe block's: webpack's first
    // compile of a remote takes over a minute on a busy 2-core machine.
    test.setTimeout(150_000);
    devServer = await startRemoteDevServer({ packageName, port: port(currentPorts()), gatewayUrl: gatewayUrl(), timeoutMs: 120_000 });
  });
  test.afterAll(async () => {
    await devServer?.stop();
  });
  return () => devServer!;
}

test.describe('mf-fleet on its own dev server', () => {
  test.describe.configure({ timeout: 150_000 });
  const devServer = useDevServer('@rastro/mf-fleet', (ports) => ports.fleetDevServer);

  test('signs in through the gateway by itself and lists the demo fleet', async ({ page, request }) => {
    const fleet = await demoFleet(request);
    const signIn = page.waitForResponse((response) => response.url().endsWith('/api/session') && response.request().method() === 'POST');
    await page.goto(devServer().url);
    expect((await signIn).status()).toBe(200);
    // The list is virtualised: it shows the first devices by name, and search reaches any other.
    const names = fleet.map((device) => device.name).sort((a, b) => a.localeCompare(b, 'pt-BR'));
    const list = page.getByTestId('device-list');
    await expect(list.getByTestId('device-row-name').first()).toHaveText(names[0]!);
    await page.getByRole('textbox', { name: 'Buscar' }).fill(names.at(-1)!);
    await expect(list.getByTestId('device-row-name')).toHaveText([names.at(-1)!]);
  });

  test('links change its screens, back returns, and a deep link survives a reload', async ({ page, request }) => {
    const [device] = await demoFleet(request);
    await page.goto(devServer().url);
    await page.getByRole('textbox', { name: 'Buscar' }).fill(device!.name);
    await page.getByTestId('device-row').first().click();
    await expect(page).toHaveURL(new RegExp(`/devices/${device!.id}$`));
    await expect(page.getByTestId('device-detail-name')).toHaveText(device!.name);

    await page.goBack();
    await expect(page.getByTestId('device-list')).toBeVisible();

    await page.goto(`${devServer().url}devices/${device!.id}`);
    await expect(page.getByTestId('device-detail-name')).toHaveText(device!.name);
  });
});

test.describe('mf-map on its own dev server', () => {
  test.describe.configure({ timeout: 150_000 });
  const devServer = useDevServer('@rastro/mf-map', (ports) => ports.mapDevServer);

  test('signs in through the gateway by itself and draws the demo fleet', async ({ page, request }) => {
    await demoFleet(request);
    await page.goto(devServer().url);
    await expect(page.getByTestId('live-map').locator('canvas')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('map-device-count')).toHaveText(/^([1-9]\d*) dispositivos no mapa$/);
  });
});
