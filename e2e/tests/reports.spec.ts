import { expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import { Workbook } from 'exceljs';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { expect, test } from './fixtures';
import { advancedPerms, createDevice, reportFix, signInAs, withServerAttributes } from './fleet-support';

/**
 * A device's last 40 minutes, sent as its tracker would (OsmAnd, with past timestamps) so the reports
 * have known rows at once: 12 min driving with an SOS alarm at the start, 12 min parked, 12 min driving.
 */
async function seedTrack(uniqueId: string): Promise<void> {
  const start = Math.floor(Date.now() / 1000) - 40 * 60;
  let lat = -23.55;
  for (let minute = 0; minute <= 36; minute += 0.5) {
    const driving = minute < 12 || minute >= 24;
    if (driving) lat += 0.0025;
    await reportFix(uniqueId, { lat: lat.toFixed(6), timestamp: start + minute * 60, speed: driving ? 16 : 0, ignition: driving, ...(minute === 0 ? { alarm: 'sos' } : {}) });
  }
}

/** The device's own trip rules (seconds, metres): a minute's drive then a minute and a half parked is a trip. */
const SHORT_TRIP_RULES = { 'report.trip.minimalParkingDuration': 60, 'report.trip.minimalTripDuration': 30, 'report.trip.minimalTripDistance': 100 };
const SHORT_TRIPS = 27;

/** More trips than one page of 25 (SPEC §7), within the last three hours, each 333 m north of the one before. */
async function seedShortTrips(uniqueId: string): Promise<void> {
  const start = Math.floor(Date.now() / 1000) - 3 * 3600;
  let lat = -23.6;
  for (let trip = 0; trip < SHORT_TRIPS; trip += 1) {
    const at = start + trip * 180;
    const fix = (offset: number, speed: number) => reportFix(uniqueId, { lat: lat.toFixed(6), lon: '-46.7', timestamp: at + offset, speed });
    await fix(0, 20);
    lat += 0.003;
    await fix(30, 20);
    await fix(60, 0);
    await fix(150, 0);
  }
}

/** A report's answer, read by the tracker over the seeded period: seconds on a loaded machine. */
const ANSWERED = { timeout: 45_000 };

/**
 * The rows once the report is in: the load button is back (the cancel button is gone) and the table
 * holds some rows. Reading the count earlier could catch a load still under way.
 */
async function loadedRows(page: Page): Promise<number> {
  await expect(page.getByTestId('report-load')).toBeVisible(ANSWERED);
  await expect(page.getByTestId('report-table')).toHaveAttribute('data-rows', /^[1-9]\d*$/, ANSWERED);
  return Number(await page.getByTestId('report-table').getAttribute('data-rows'));
}

/** Back to the chooser, then a report loaded for the device and period the filter remembers. */
async function openAndLoad(page: Page, title: string): Promise<void> {
  await page.getByTestId('panel-back').click();
  await page.getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByTestId(`report-table`)).toBeHidden();
  await page.getByTestId('report-load').click();
  await loadedRows(page);
}

test.describe('reports (SPEC §2, §7)', () => {
  test('each report loads the seeded rows of two devices; trips page on; the export holds every row; trips, routes and the chart draw on the map; a long load can be cancelled', async ({ page }) => {
    // Five reports, paging, an export, two routes with their chart, a cancelled load and three
    // accessibility checks on one page: under a minute on CI's two quiet cores.
    test.setTimeout(180_000);
    const api = await adminApi();
    const stamp = Date.now();
    const device = await createDevice(api, { name: `Relatórios ${String(stamp).slice(-5)}`, uniqueId: `reports-${stamp}` });
    const commuter = await createDevice(api, { name: `Vaivém ${String(stamp).slice(-5)}`, uniqueId: `commuter-${stamp}`, attributes: SHORT_TRIP_RULES });
    await Promise.all([seedTrack(device.uniqueId), seedShortTrips(commuter.uniqueId)]);

    await signIn(page, '/reports');
    await expect(page.getByRole('button', { name: 'Viagens', exact: true })).toBeVisible();
    await expectAccessible(page, '[data-testid="side-panel"]');

    // Trips first: the filter chosen here is remembered for every other report.
    await page.getByRole('button', { name: 'Viagens', exact: true }).click();
    for (const chosen of [device, commuter]) {
      await page.getByTestId('filter-devices').getByRole('textbox').fill(chosen.name);
      await page.getByTestId('filter-devices').getByLabel(chosen.name).check();
    }
    // Seven days, so the tracks seeded never straddle the start of "today".
    await page.getByTestId('filter-period').selectOption('last7');
    await page.getByTestId('report-load').click();

    await test.step('trips come 25 at a time; "load more" brings the rest', async () => {
      await expect(page.getByTestId('report-table')).toHaveAttribute('data-rows', '25', ANSWERED);
      await page.getByTestId('report-more').click();
      await expect(page.getByTestId('report-table')).toHaveAttribute('data-rows', String(2 + SHORT_TRIPS), ANSWERED);
      await expect(page.getByTestId('report-more')).toBeHidden();
      await expectAccessible(page, '[data-testid="side-panel"]');
    });

    await test.step('the spreadsheet, asked with the xlsx Accept header, opens with every trip', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^Viagens_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new Workbook();
      await workbook.xlsx.readFile(await download.path());
      const cells = workbook.worksheets[0]!.getSheetValues().slice(2).filter(Boolean).flatMap((row) => row as unknown[]);
      expect(cells.filter((cell) => cell === device.name)).toHaveLength(2);
      expect(cells.filter((cell) => cell === commuter.name)).toHaveLength(SHORT_TRIPS);
    });

    // Choosing a trip draws its fixes on the map.
    await page.getByTestId('report-row').first().click();
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-route', /^([2-9]|\d\d+)$/, ANSWERED);

    await openAndLoad(page, 'Resumo');
    await openAndLoad(page, 'Paradas');
    await openAndLoad(page, 'Eventos');
    await expect(page.getByTestId('report-table')).toContainText('Alarme: SOS');

    const map = page.getByTestId('live-map');
    await test.step('route history, also at /history: every fix in the table, each device its own line on the map, with its chart', async () => {
      await page.goto('/history');
      await page.getByTestId('report-load').click();
      const fixes = String(await loadedRows(page));
      expect(Number(fixes)).toBeGreaterThan(30 + SHORT_TRIPS * 4);
      await expect(map).toHaveAttribute('data-route', fixes, ANSWERED);
      await expect(map).toHaveAttribute('data-route-tracks', '2');
      await expect(page.getByTestId('route-devices')).toContainText(device.name);
      await expect(page.getByTestId('route-devices')).toContainText(commuter.name);
      await expect(page.getByTestId('route-chart')).toBeVisible();
      await expectAccessible(page, '[data-testid="route-playback"]');
    });

    await test.step('moving over the chart moves the markers on the map, and the chart cursor follows them', async () => {
      const plot = page.getByTestId('route-chart').locator('.u-over');
      await plot.scrollIntoViewIfNeeded();
      const box = (await plot.boundingBox())!;
      const cursor = page.getByTestId('route-chart').locator('[data-cursor]');
      const at = async (share: number) => {
        const before = await map.getAttribute('data-playback');
        await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
        await expect(map).not.toHaveAttribute('data-playback', before ?? '');
        // One marker per device, at the moment under the pointer.
        expect((await map.getAttribute('data-playback'))!.split(';')).toHaveLength(2);
        return Number(await cursor.getAttribute('data-cursor'));
      };
      const late = await at(0.9);
      const early = await at(0.1);
      expect(early).toBeLessThan(late);
    });

    await test.step('a long load shows progress and can be cancelled; the screen says so', async () => {
      // A slow link (a minute per request): the real report, asked for real, does not arrive before the click.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 60_000, downloadThroughput: -1, uploadThroughput: -1 });
      try {
        await page.getByTestId('report-load').click();
        await expect(page.getByTestId('report-progress')).toBeVisible();
        await page.getByTestId('report-cancel').click();
        await expect(page.getByTestId('report-cancelled')).toHaveText('Relatório cancelado.');
        await expect(page.getByTestId('report-progress')).toBeHidden();
        await expect(page.getByTestId('report-load')).toBeEnabled();
      } finally {
        await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
        await network.detach();
      }
    });
  });

  test('a user without the trips bit (75) is not offered trips and is refused them', async ({ browser }) => {
    const api = await adminApi();
    const restore = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
    // Reports (72), history (73), stops (74) and events (76): every report bit but trips.
    const hex = advancedPerms([72, 73, 74, 76]);
    const person = { name: 'Sem viagens', email: `no-trips-${Date.now()}@rastro.demo`, password: 'notrips1' };
    const created = await api.post('/api/users', { data: { ...person, attributes: { 'rastro.advancedPerms': hex } } });
    expect(created.ok(), await created.text()).toBe(true);
    const context = await browser.newContext({ locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await signInAs(page, person.email, person.password, person.name);
      await page.goto('/reports');
      await expect(page.getByRole('button', { name: 'Paradas', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Viagens', exact: true })).toHaveCount(0);
      await page.goto('/reports/travels');
      await expect(page.getByTestId('report-refused')).toBeVisible();
      const now = new Date().toISOString();
      const refused = await page.request.get(`/api/reports/trips?from=${now}&to=${now}`);
      expect(refused.status()).toBe(403);
    } finally {
      await context.close();
      await restore();
    }
  });
});
