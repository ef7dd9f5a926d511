import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { createDevice, reportFix } from './fleet-support';
import type { ApiDevice } from './fleet-support';
import { drawnIn, expectLabel, expectMarkerDrawn, screenPoint } from './map-support';

const layer = (page: Page, name: string) => page.getByTestId(`map-layer-${name}`);

async function openLayers(page: Page): Promise<void> {
  await page.getByTestId('map-layers').getByRole('button', { name: 'Camadas do mapa' }).click();
}

test.describe('map layers', () => {
  let api: APIRequestContext;
  const devices: ApiDevice[] = [];
  let geofenceId = 0;
  const stamp = Date.now();
  const place = { lat: -23.571, lon: -46.652 };
  // Far from the demo fleet, a few metres apart: one cluster of their own at the fleet's zoom.
  const group = { lat: -22.5, lon: -44.5 };

  test.beforeAll(async () => {
    api = await adminApi();
    devices.push(await createDevice(api, { name: `Camadas ${stamp}`, uniqueId: `layers${stamp}`, attributes: { plate: `RST${stamp % 10_000}` } }));
    await reportFix(devices[0]!.uniqueId, { ...place, speed: 0, accuracy: 80 });
    for (const index of [1, 2, 3]) {
      const device = await createDevice(api, { name: `Grupo ${index} ${stamp}`, uniqueId: `group${index}${stamp}` });
      devices.push(device);
      await reportFix(device.uniqueId, { lat: group.lat + index * 0.0003, lon: group.lon, speed: 0 });
    }
    const geofence = await api.post('/api/geofences', { data: { name: `Cerca camadas ${stamp}`, area: `CIRCLE (${place.lat} ${place.lon}, 150)`, attributes: {} } });
    expect(geofence.ok(), await geofence.text()).toBe(true);
    geofenceId = ((await geofence.json()) as { id: number }).id;
  });
  test.afterAll(async () => {
    for (const device of devices) await api.delete(`/api/devices/${device.id}`);
    await api.delete(`/api/geofences/${geofenceId}`);
    await api.dispose();
  });

  test('each toggle changes what is drawn, and the choices persist as mapPref', async ({ page }) => {
    const device = devices[0]!;
    const plate = String(device.attributes.plate);
    await signIn(page, `/devices/${device.id}`);
    await expectMarkerDrawn(page, device.id);
    // A new user: names on; plates, status and precision off; geofences drawn.
    await expectLabel(page, device.id, (label) => label === device.name);
    expect((await drawnIn(page, 'rastro-fleet-precision')).some((feature) => feature.properties.deviceId === device.id)).toBe(false);
    const myGeofence = async () => (await drawnIn(page, 'rastro-geofences-*')).some((feature) => feature.properties.geofenceId === geofenceId);
    await expect.poll(myGeofence).toBe(true);

    await openLayers(page);
    await layer(page, 'names').uncheck();
    await layer(page, 'plates').check();
    await expectLabel(page, device.id, (label) => label === plate);
    await layer(page, 'status').check();
    await expectLabel(page, device.id, (label) => label === `${plate}\nParado`);
    await layer(page, 'precision').check();
    await expect.poll(async () => (await drawnIn(page, 'rastro-fleet-precision')).some((feature) => feature.properties.deviceId === device.id)).toBe(true);
    await layer(page, 'geofences').uncheck();
    await expect.poll(myGeofence).toBe(false);
    // What a reload reads back (map-live.spec.ts reloads and finds the switches as they were left).
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('mapPref'))) ?? '{}')).toMatchObject({ names: false, plates: true, status: true, precision: true, geofences: false });
  });

  test('at a low zoom nearby devices are a cluster that tells who is in it; without grouping each is drawn', async ({ page }) => {
    const grouped = devices.slice(1);
    await page.addInitScript(() => window.localStorage.removeItem('mapPref'));
    await signIn(page);
    // The first fit frames the whole fleet, this far-away group included: a low zoom.
    let cluster: { x: number; y: number } | undefined;
    await expect
      .poll(
        async () => {
          const there = await screenPoint(page, [group.lon, group.lat]);
          const box = await page.getByTestId('live-map').boundingBox();
          if (!there || !box) return undefined;
          const clusters = await drawnIn(page, 'rastro-fleet-clusters');
          const near = clusters.find((feature) => feature.at && Math.hypot(box.x + feature.at.x - there.x, box.y + feature.at.y - there.y) < 30);
          cluster = near?.at;
          return near?.properties.point_count;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    // Through the locator: a pop-up over that corner would take a raw click; Playwright waits it out.
    await page.getByTestId('live-map').click({ position: cluster! });
    const list = page.getByTestId('cluster-list');
    await expect(list).toContainText('3 dispositivos aqui');
    for (const device of grouped) await expect(list.getByRole('button', { name: device.name })).toBeVisible();
    await list.getByRole('button', { name: 'Fechar' }).click();

    await openLayers(page);
    await layer(page, 'groups').uncheck();
    for (const device of grouped) await expectMarkerDrawn(page, device.id);
    expect(await drawnIn(page, 'rastro-fleet-clusters')).toEqual([]);
  });
});
