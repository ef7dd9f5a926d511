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

const rowCount = async (page: Page) => Number(await page.getByTestId('report-table').getAttribute('data-rows'));

/** Back to the chooser, then a report loaded for the device and period the filter remembers. */
async function openAndLoad(page: Page, title: string): Promise<void> {
  await page.getByTestId('panel-back').click();
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByTestId('report-load').click();
  await expect(page.getByTestId('report-table')).toBeVisible();
  expect(await rowCount(page)).toBeGreaterThan(0);
}

test.describe('reports (SPEC §2, §7)', () => {
  test('each report loads the seeded rows; the export holds the same rows; a trip and the route draw on the map', async ({ page }) => {
    // Five reports, an export, a chart and two accessibility checks in one sign-in: a minute or two
    // on a quiet machine, up to nine when several other stacks share its two cores (measured).
    test.setTimeout(600_000);
    const api = await adminApi();
    const uniqueId = `reports-${Date.now()}`;
    const device = await createDevice(api, { name: `Relatórios ${uniqueId.slice(-5)}`, uniqueId });
    await seedTrack(uniqueId);

    await signIn(page, '/reports');
    await expect(page.getByRole('button', { name: 'Viagens', exact: true })).toBeVisible();
    await expectAccessible(page, '[data-testid="side-panel"]');

    // Trips first: the filter chosen here is remembered for every other report.
    await page.getByRole('button', { name: 'Viagens', exact: true }).click();
    await page.getByTestId('filter-devices').getByRole('textbox').fill(device.name);
    await page.getByTestId('filter-devices').getByLabel(device.name).check();
    // Seven days, so the 40 minutes seeded never straddle the start of "today".
    await page.getByTestId('filter-period').selectOption('last7');
    await page.getByTestId('report-load').click();
    await expect(page.getByTestId('report-table')).toHaveAttribute('data-rows', '2');
    await expectAccessible(page, '[data-testid="side-panel"]');

    // The spreadsheet, asked with the xlsx Accept header, opens with the same trips.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^Viagens_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const names = sheet.getSheetValues().slice(2).filter(Boolean).map((row) => (row as unknown[]).find((cell) => cell === device.name));
    expect(names).toEqual([device.name, device.name]);

    // Choosing a trip draws its fixes on the map.
    await page.getByTestId('report-row').first().click();
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-route', /^([2-9]|\d\d+)$/);

    await openAndLoad(page, 'Resumo');
    await openAndLoad(page, 'Paradas');
    await openAndLoad(page, 'Eventos');
    await expect(page.getByTestId('report-table')).toContainText('Alarme: SOS');

    // Route history, also at /history: every fix in the table and the route on the map with its chart.
    await page.goto('/history');
    await page.getByTestId('report-load').click();
    await expect(page.getByTestId('report-table')).toBeVisible();
    const fixes = String(await rowCount(page));
    expect(Number(fixes)).toBeGreaterThan(30);
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-route', fixes);
    await expect(page.getByTestId('route-chart')).toBeVisible();
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
