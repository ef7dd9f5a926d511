import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import { expectMarkerDrawn } from './map-support';

/** Nothing listens there: the connection is refused at once, as on a site with no network. */
const UNREACHABLE = 'http://127.0.0.1:9';

test.describe('the map with no base map to be had', () => {
  let deviceId = 0;
  test.beforeAll(async () => {
    const api = await adminApi();
    const stamp = Date.now();
    const device = await createDevice(api, { name: `Sem mapa ${stamp}`, uniqueId: `offline${stamp}` });
    deviceId = device.id;
    await reportFix(device.uniqueId, { lat: -23.56, lon: -46.64, speed: 0 });
    await api.dispose();
  });
  test.afterAll(async () => {
    const api = await adminApi();
    await api.delete(`/api/devices/${deviceId}`);
    await api.dispose();
  });

  test('a configured style that cannot be loaded gives way to the offline map, which still shows the fleet and says so', async ({ page }) => {
    // The domain's config.json names a style on a server that is not there.
    await page.route('**/rastro/assets/custom/config.json', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...((await answer.json()) as object), mapStyleUrl: `${UNREACHABLE}/style.json` } });
    });
    await signIn(page);
    await page.goto(`/devices/${deviceId}`);
    // The fleet drawn means the map loaded (on the offline style): the notice came before.
    await expectMarkerDrawn(page, deviceId);
    await expect(page.getByTestId('map-offline-notice')).toHaveText('Mapa base indisponível: mostrando o mapa offline.');
  });

  test('the server mapUrl tiles failing leave the fleet on the map, with the notice', async ({ page }) => {
    const api = await adminApi();
    const server = (await (await api.get('/api/server')).json()) as Record<string, unknown>;
    const putServer = async (mapUrl: unknown) => expect((await api.put('/api/server', { data: { ...server, mapUrl } })).ok()).toBe(true);
    await putServer(`${UNREACHABLE}/{z}/{x}/{y}.png`);
    try {
      await signIn(page);
      await page.goto(`/devices/${deviceId}`);
      await expectMarkerDrawn(page, deviceId);
      await expect(page.getByTestId('map-offline-notice')).toHaveText('Mapa base indisponível: mostrando o mapa offline.');
    } finally {
      await putServer(server.mapUrl ?? null);
      await api.dispose();
    }
  });

  test('the offline map, when it is the one configured, shows no notice', async ({ page }) => {
    await signIn(page);
    await page.goto(`/devices/${deviceId}`);
    await expectMarkerDrawn(page, deviceId);
    await expect(page.getByTestId('map-offline-notice')).toHaveCount(0);
  });
});
