import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { createDevice, reportFix, signInAs } from './fleet-support';
import { gatewayUrl } from './slot';

/** Issue 23: a burst of events from many vehicles. */
const VEHICLES = 10;
const ALARMS_PER_VEHICLE = 20;
const BURST = VEHICLES * ALARMS_PER_VEHICLE;
/** Twenty of Traccar's alarms, one per fix of a vehicle. */
const ALARMS = ['sos', 'vibration', 'movement', 'lowspeed', 'overspeed', 'fallDown', 'lowPower', 'lowBattery', 'fault', 'powerOff', 'powerOn', 'door', 'lock', 'unlock', 'geofence', 'geofenceEnter', 'geofenceExit', 'gpsAntennaCut', 'accident', 'tow'];
/** shell/src/live/popupQueue.ts */
const POPUP_CAP_PER_CORNER = 3;

test.describe('live events at fleet scale', () => {
  test('a burst of 200 alarms leaves a few pop-ups and all 200 in the event centre, and an event opens its vehicle', async ({ page }) => {
    test.setTimeout(120_000);
    // The burst belongs to a user of its own: the administrator's pop-ups in the specs running beside
    // this one must not be flooded by it, nor take its notification for theirs.
    const admin = await adminApi();
    const run = Date.now().toString(36);
    const owner = { name: `Centro ${run}`, email: `centro-${run}@rastro.test`, password: 'centro1' };
    const createdOwner = await admin.post('/api/users', { data: { ...owner, deviceLimit: -1 } });
    expect(createdOwner.ok(), await createdOwner.text()).toBe(true);
    const ownerId = ((await createdOwner.json()) as { id: number }).id;
    const api = await request.newContext({ baseURL: gatewayUrl() });
    expect((await api.post('/api/session', { form: { email: owner.email, password: owner.password } })).ok()).toBe(true);
    const devices = await Promise.all(Array.from({ length: VEHICLES }, (_, index) => createDevice(api, { name: `Rajada ${run} ${index + 1}`, uniqueId: `burst-${run}-${index}` })));
    // Traccar's web channel forwards an alarm only when a notification of the user lists it.
    const created = await api.post('/api/notifications', { data: { type: 'alarm', notificators: 'web', always: true, attributes: { alarms: ALARMS.join(',') } } });
    expect(created.ok(), await created.text()).toBe(true);
    const notification = (await created.json()) as { id: number };
    try {
      await signInAs(page, owner.email, owner.password, owner.name);
      await expect(page.getByTestId('event-centre-button')).toBeVisible();
      // In the past, so that the events report asked for later holds every one of them.
      const start = Math.floor(Date.now() / 1000) - 60;
      // Each fix carries an alarm no other fix of its vehicle carries, so each raises an alarm event
      // whatever order the tracker takes them in (a repeated alarm is not raised again).
      for (let fix = 0; fix < ALARMS_PER_VEHICLE; fix += 1) {
        await Promise.all(devices.map((device) => reportFix(device.uniqueId, { alarm: ALARMS[fix]!, timestamp: start + fix })));
      }
      await expect(page.getByTestId('event-centre-unread')).toHaveText('99+', { timeout: 30_000 });
      // A few pop-ups in the corner; the rest are counted, not drawn.
      const popups = page.getByTestId('event-popup');
      await expect(page.getByTestId('event-popups-more')).toBeVisible();
      expect(await popups.count()).toBeLessThanOrEqual(POPUP_CAP_PER_CORNER);

      await page.getByTestId('event-popups-more').click();
      const centre = page.getByTestId('event-centre');
      await expect(centre).toBeVisible();
      // All 200, beside whatever the demo fleet raised meanwhile.
      const listed = async () => Number(await centre.getByTestId('event-centre-list').getAttribute('data-count'));
      await expect.poll(listed, { timeout: 30_000 }).toBeGreaterThanOrEqual(BURST);
      await expectAccessible(page, '[data-testid="event-centre"]');

      // Narrowed to one vehicle: its 20.
      await centre.getByTestId('event-centre-device').selectOption({ label: devices[3]!.name });
      await expect(centre.getByTestId('event-centre-list')).toHaveAttribute('data-count', String(ALARMS_PER_VEHICLE));
      // By keyboard: the first event opens its vehicle.
      await centre.getByTestId('event-centre-row').first().focus();
      await page.keyboard.press('Enter');
      await expect(centre).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/devices/${devices[3]!.id}$`));
      await expect(page.getByTestId('event-centre-unread')).toHaveText('99+');

      await page.getByTestId('event-centre-button').click();
      await page.getByTestId('event-centre-read-all').click();
      await expect(page.getByTestId('event-centre-unread')).toBeHidden();
      await page.getByTestId('event-centre-clear').click();
      await expect(page.getByTestId('event-centre-empty')).toBeVisible();
      // Clearing also drops the filters.
      await expect(centre.getByTestId('event-centre-device')).toHaveValue('');
      // Reloaded from the events report of the last hours: the burst is back, already read.
      await page.getByTestId('event-centre-load').click();
      await expect.poll(listed, { timeout: 30_000 }).toBeGreaterThanOrEqual(BURST);
      await expect(page.getByTestId('event-centre-unread')).toBeHidden();

      // On a phone the centre is a bottom sheet over the lower part of the map, within a thumb's
      // reach; it expands to the whole screen, and an event still opens its vehicle.
      const phone = { width: 390, height: 844 };
      await page.setViewportSize(phone);
      const sheet = async () => (await centre.boundingBox()) ?? { x: 0, y: -1, width: 0, height: 0 };
      await expect.poll(async () => Math.round((await sheet()).y + (await sheet()).height)).toBe(phone.height);
      await expect.poll(async () => (await sheet()).y).toBeGreaterThan(phone.height * 0.3);
      await centre.getByTestId('event-centre-toggle').click();
      await expect(centre).toHaveAttribute('data-expanded', 'true');
      await expect.poll(async () => Math.round((await sheet()).y)).toBe(0);
      await centre.getByTestId('event-centre-row').first().click();
      await expect(centre).toBeHidden();
      await expect(page).toHaveURL(/\/devices\/\d+$/);
    } finally {
      await api.delete(`/api/notifications/${notification.id}`);
      for (const device of devices) await api.delete(`/api/devices/${device.id}`);
      await api.dispose();
      await admin.delete(`/api/users/${ownerId}`);
      await admin.dispose();
    }
  });
});
