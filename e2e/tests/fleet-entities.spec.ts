import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect as baseExpect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { advancedPerms, signInAs, withServerAttributes } from './fleet-support';
import { drawnIn } from './map-support';

/**
 * Groups, geofences, calendars and maintenance (issue 16): each screen's create, edit and delete as
 * the administrator; then a user with only the areas' view bits.
 */
const stamp = Date.now().toString(36);
// Each step waits for a save, a navigation and a list drawn beside the live map: on a loaded
// 2-core runner that alone can take longer than the default 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });
type Entity = { id: number; name: string; [key: string]: unknown };

async function listed(page: Page, path: string): Promise<Entity[]> {
  return (await (await page.request.get(`/api${path}`)).json()) as Entity[];
}
async function stored(page: Page, path: string, name: string): Promise<Entity> {
  let found: Entity | undefined;
  await expect.poll(async () => (found = (await listed(page, path)).find((entity) => entity.name === name))).toBeTruthy();
  return found!;
}
/** The row whose first cell is exactly this name (a group's row also names its parent). */
const row = (page: Page, key: string, name: string) => page.getByTestId(`${key}-row`).filter({ has: page.locator('td:first-child').getByText(name, { exact: true }) });

async function save(page: Page, key: string): Promise<void> {
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId(`${key}-list`)).toBeVisible();
}
async function remove(page: Page, key: string, name: string): Promise<void> {
  await row(page, key, name).click();
  await page.getByTestId('entity-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`${key}-list`)).toBeVisible();
  await expect(row(page, key, name)).toHaveCount(0);
}

/** Clicks the map `dx`, `dy` pixels right of its centre, clear of the edit panel. */
async function clickMap(page: Page, dx: number, dy: number): Promise<void> {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.mouse.click(box.x + box.width / 2 + 120 + dx, box.y + box.height / 2 + dy);
}

// Each screen's create, edit and delete with an accessibility check per screen: one test per screen,
// so that a stuck screen fails alone and within minutes.
test.describe.configure({ timeout: 120_000 });

test('groups: a tree whose parent chooser never offers a loop, linked to a geofence, created, edited and deleted by the administrator', async ({ page }) => {
  await signIn(page, '/groups');
  await expect(page.getByTestId('groups-list')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'groups list');
  const parent = `Grupo ${stamp}`;
  const child = `Subgrupo ${stamp}`;
  await page.getByTestId('entity-create').click();
  await page.locator('#entity-field-name').fill(parent);
  await save(page, 'groups');
  await page.getByTestId('entity-create').click();
  await page.locator('#entity-field-name').fill(child);
  await page.locator('#entity-field-groupId').selectOption({ label: parent });
  await expectNoSeriousA11yViolations(page, 'group form');
  await save(page, 'groups');
  await expect(row(page, 'groups', child)).toContainText(parent);
  expect((await stored(page, '/groups', child)).groupId).toBe((await stored(page, '/groups', parent)).id);
  await row(page, 'groups', parent).click();
  const offered = await page.locator('#entity-field-groupId option').allTextContents();
  expect(offered.map((text) => text.trim())).not.toContain(child);
  // The group's links: a geofence linked to the group applies to every device in it.
  const parentId = (await stored(page, '/groups', parent)).id;
  // A seeded geofence: the new group has no links yet, and deleting it takes its links along.
  const fence = (await listed(page, '/geofences')).find((candidate) => candidate.name === 'Avenida Paulista')!;
  await page.getByTestId('links-open').click();
  const fenceBox = page.getByTestId('entity-links').locator('label').filter({ hasText: fence.name }).getByTestId('link-toggle');
  await expect(fenceBox).not.toBeChecked();
  await fenceBox.click();
  await expect(fenceBox).toBeChecked();
  await expect.poll(async () => (await listed(page, `/geofences?groupId=${parentId}`)).map((linked) => linked.id)).toEqual([fence.id]);
  await expectNoSeriousA11yViolations(page, 'group links');
  // "Link all" links every geofence offered in one bulk call; "unlink all", confirmed, unlinks them.
  const boxes = page.getByTestId('entity-links').getByTestId('link-toggle');
  const offeredFences = (await boxes.evaluateAll((inputs) => inputs.map((input) => Number(input.getAttribute('data-item-id'))))).sort((a, b) => a - b);
  const linkedToGroup = async () => (await listed(page, `/geofences?groupId=${parentId}`)).map((linked) => linked.id).sort((a, b) => a - b);
  const bulk = page.waitForRequest((request) => request.url().endsWith('/api/permissions/bulk') && request.method() === 'POST');
  await page.getByTestId('links-all').click();
  expect((await bulk).postDataJSON()).toHaveLength(offeredFences.length - 1);
  await expect(page.getByTestId('links-all')).toBeDisabled();
  await expect.poll(linkedToGroup).toEqual(offeredFences);
  await page.getByTestId('links-none').click();
  await page.getByTestId('confirm-ok').click();
  await expect(boxes.and(page.locator(':checked'))).toHaveCount(0);
  await expect.poll(linkedToGroup).toEqual([]);
  await page.getByTestId('links-dialog').getByRole('button', { name: 'Fechar' }).first().click();
  const renamed = `${parent} editado`;
  await page.locator('#entity-field-name').fill(renamed);
  await save(page, 'groups');
  await expect(row(page, 'groups', child)).toContainText(renamed);
  await remove(page, 'groups', child);
  await remove(page, 'groups', renamed);
});

test('calendars: a weekly schedule written as iCalendar, previewed, read back, edited and deleted', async ({ page }) => {
  await signIn(page, '/calendars');
  await page.getByTestId('entity-create').click();
  const calendar = `Expediente ${stamp}`;
  await page.locator('#entity-field-name').fill(calendar);
  await page.locator('#entity-field-start').fill('2030-01-07T08:00');
  await page.locator('#entity-field-end').fill('2030-01-07T18:00');
  await page.locator('#entity-field-frequency').selectOption('weekly');
  await page.locator('#entity-field-ends').selectOption('count');
  await page.locator('#entity-field-count').fill('3');
  await expect(page.getByTestId('schedule-preview').locator('li')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'calendar form');
  await save(page, 'calendars');
  const savedCalendar = await stored(page, '/calendars', calendar);
  const ics = Buffer.from(String(savedCalendar.data), 'base64').toString('utf8');
  expect(ics).toContain('RRULE:FREQ=WEEKLY;COUNT=3');
  await row(page, 'calendars', calendar).click();
  await expect(page.locator('#entity-field-frequency')).toHaveValue('weekly');
  await expect(page.locator('#entity-field-count')).toHaveValue('3');
  await page.locator('#entity-field-name').fill(`${calendar} 2`);
  await save(page, 'calendars');
  await expectNoSeriousA11yViolations(page, 'calendars list');
  await remove(page, 'calendars', `${calendar} 2`);
});

test('maintenance: typed in km, stored in metres; the device detail says when it is due', async ({ page }) => {
  await signIn(page, '/maintenances');
  await page.getByTestId('entity-create').click();
  const service = `Óleo ${stamp}`;
  await page.locator('#entity-field-name').fill(service);
  await page.locator('#entity-field-type').selectOption('totalDistance');
  await page.locator('#entity-field-start').fill('1000');
  await page.locator('#entity-field-period').fill('5000');
  await expectNoSeriousA11yViolations(page, 'maintenance form');
  await save(page, 'maintenance');
  expect(await stored(page, '/maintenance', service)).toMatchObject({ start: 1_000_000, period: 5_000_000 });
  await row(page, 'maintenance', service).click();
  await page.locator('#entity-field-period').fill('6000');
  await save(page, 'maintenance');
  await expect.poll(async () => (await stored(page, '/maintenance', service)).period).toBe(6_000_000);
  await expectNoSeriousA11yViolations(page, 'maintenance list');
  const device = (await listed(page, '/devices'))[0]!;
  const maintenanceId = (await stored(page, '/maintenance', service)).id;
  expect((await page.request.post('/api/permissions', { data: { deviceId: device.id, maintenanceId } })).ok()).toBe(true);
  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('device-detail-maintenance')).toContainText(service);
  await page.goto('/maintenances');
  await remove(page, 'maintenance', service);
});

test('geofences: drawn on the map from the form, saved with the form fields, shown and fitted', async ({ page }) => {
  await signIn(page, '/geofence');
  await expect(page.getByTestId('geofences-list')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'geofences list');
  await page.getByTestId('entity-create').click();
  const geofence = `Pátio ${stamp}`;
  await page.locator('#entity-field-name').fill(geofence);
  await page.locator('#entity-field-description').fill('Garagem central');
  await expectNoSeriousA11yViolations(page, 'geofence form');
  await page.getByTestId('geofence-form-draw-circle').click();
  await expect(page.getByTestId('geofence-edit-name')).toHaveValue(geofence);
  await clickMap(page, 0, 0);
  await clickMap(page, 80, 0);
  await expect(page.getByTestId('geofence-edit-area')).toHaveText(/km²/);
  await page.getByTestId('geofence-edit-finish').click();
  await expect(page.getByTestId('geofence-edit-panel')).toBeHidden();
  const drawnGeofence = await stored(page, '/geofences', geofence);
  expect(drawnGeofence).toMatchObject({ description: 'Garagem central', area: expect.stringMatching(/^CIRCLE \(-2\d\.\d+ -4\d\.\d+, [\d.]+\)$/) });
  await expect(page).toHaveURL(new RegExp(`/geofence\\?id=${drawnGeofence.id}$`));
  await expect(page.locator('#entity-field-name')).toHaveValue(geofence);
  await expect.poll(async () => (await drawnIn(page, 'rastro-geofence-selected-line')).map((feature) => feature.properties.geofenceId)).toContain(drawnGeofence.id);
  await page.locator('#entity-field-speedLimit').fill('80');
  await page.locator('#entity-field-lockOnEnter').check();
  await save(page, 'geofences');
  await expect.poll(async () => (await stored(page, '/geofences', geofence)).attributes).toMatchObject({ speedLimit: 43.197, lockOnEnter: true });
  await remove(page, 'geofences', geofence);
});

test('geofences imported from a KML file come back the same in the GeoJSON export', async ({ page }) => {
  await signIn(page, '/geofence');
  await expect(page.getByTestId('geofences-list')).toBeVisible();
  const before = new Set((await listed(page, '/geofences')).map((fence) => fence.id));
  await page.getByTestId('geofence-import-file').setInputFiles(join(__dirname, '..', 'fixtures', 'geofences', 'depots.kml'));
  await expect(page.getByTestId('fleet-notice')).toHaveAttribute('data-kind', 'success');
  let imported: Entity[] = [];
  await expect.poll(async () => (imported = (await listed(page, '/geofences')).filter((fence) => !before.has(fence.id))).length).toBe(3);
  try {
    expect(Object.fromEntries(imported.map((fence) => [fence.name, String(fence.area).split(' ')[0]]))).toEqual({ 'Importada pátio': 'POLYGON', 'Importada rota': 'LINESTRING', 'Importada portaria': 'CIRCLE' });
    await expect(row(page, 'geofences', 'Importada rota')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('geofence-export').click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as { features: Array<{ geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }> };
    const byName = (name: string) => exported.features.find((feature) => feature.properties.name === name);
    const rounded = (value: unknown): unknown => (Array.isArray(value) ? value.map(rounded) : Math.round(Number(value) * 1e4) / 1e4);
    expect(byName('Importada pátio')).toMatchObject({ geometry: { type: 'Polygon' }, properties: { description: 'Pátio da zona norte' } });
    expect(rounded(byName('Importada pátio')?.geometry.coordinates)).toEqual([[[-46.6301, -23.5012], [-46.6255, -23.5012], [-46.6255, -23.4978], [-46.6301, -23.4978], [-46.6301, -23.5012]]]);
    expect(byName('Importada rota')?.geometry.type).toBe('LineString');
    expect(rounded(byName('Importada rota')?.geometry.coordinates)).toEqual([[-46.6402, -23.5501], [-46.635, -23.5455], [-46.6288, -23.542]]);
    expect(byName('Importada portaria')?.properties).toMatchObject({ shape: 'circle', radius: 100 });
    expect(rounded(byName('Importada portaria')?.properties.center)).toEqual([-46.652, -23.561]);
  } finally {
    for (const fence of imported) await page.request.delete(`/api/geofences/${fence.id}`);
  }
});

const VIEW_BITS = { devices: 8, geofences: 40, groups: 48, calendars: 88, maintenance: 96 };

async function createAs(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<Entity> {
  const answer = await api.post(`/api${path}`, { data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as Entity;
}

test('a user with only the view bits sees no create, edit or delete, and the gateway refuses the writes', async ({ browser }) => {
  const api = await adminApi();
  const restore = await withServerAttributes(api, { 'rastro.enableAdvancedPerms': true });
  const person = { name: 'Só Consulta Frota', email: `consulta-${stamp}@rastro.demo`, password: 'consulta1' };
  const user = await createAs(api, '/users', { ...person, attributes: { 'rastro.advancedPerms': advancedPerms(Object.values(VIEW_BITS)) } });
  const entities = {
    groups: await createAs(api, '/groups', { name: `Grupo visto ${stamp}`, attributes: {} }),
    geofences: await createAs(api, '/geofences', { name: `Cerca vista ${stamp}`, area: 'CIRCLE (-23.55 -46.63, 200)', attributes: {} }),
    calendars: await createAs(api, '/calendars', { name: `Agenda vista ${stamp}`, data: Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20300101T080000Z\r\nDTEND:20300101T180000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n').toString('base64'), attributes: {} }),
    maintenance: await createAs(api, '/maintenance', { name: `Revisão vista ${stamp}`, type: 'hours', start: 0, period: 3_600_000, attributes: {} }),
  };
  const keyOf = { groups: 'groupId', geofences: 'geofenceId', calendars: 'calendarId', maintenance: 'maintenanceId' } as const;
  for (const [area, entity] of Object.entries(entities)) {
    const linked = await api.post('/api/permissions', { data: { userId: user.id, [keyOf[area as keyof typeof keyOf]]: entity.id } });
    expect(linked.ok(), await linked.text()).toBe(true);
  }
  // A phone: the screens must work at that width too.
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signInAs(page, person.email, person.password, person.name);
    const screens = [
      ['/groups', 'groups', entities.groups],
      ['/geofence', 'geofences', entities.geofences],
      ['/calendars', 'calendars', entities.calendars],
      ['/maintenances', 'maintenance', entities.maintenance],
    ] as const;
    for (const [path, key, entity] of screens) {
      await page.goto(path);
      await expect(page.getByTestId(`${key}-list`)).toBeVisible();
      await expect(row(page, key, entity.name)).toBeVisible();
      await expect(page.getByTestId('entity-create')).toHaveCount(0);
      await row(page, key, entity.name).click();
      await expect(page.locator('#entity-field-name')).toBeDisabled();
      await expect(page.getByTestId('entity-save')).toHaveCount(0);
      await expect(page.getByTestId('entity-delete')).toHaveCount(0);
      if (key === 'geofences') await expect(page.getByTestId('geofence-form-draw-circle')).toHaveCount(0);
    }
    // The same session straight at the API: hidden buttons are not what protects the data.
    const writes = [
      page.request.post('/api/groups', { data: { name: 'Não', attributes: {} } }),
      page.request.put(`/api/groups/${entities.groups.id}`, { data: { ...entities.groups, name: 'Não' } }),
      page.request.post('/api/geofences', { data: { name: 'Não', area: 'CIRCLE (-23.55 -46.63, 200)', attributes: {} } }),
      page.request.delete(`/api/geofences/${entities.geofences.id}`),
      page.request.put(`/api/calendars/${entities.calendars.id}`, { data: { ...entities.calendars, name: 'Não' } }),
      page.request.delete(`/api/maintenance/${entities.maintenance.id}`),
    ];
    for (const refused of await Promise.all(writes)) expect(refused.status()).toBe(403);
  } finally {
    await context.close();
    for (const [area, entity] of Object.entries(entities)) await api.delete(`/api/${area}/${entity.id}`);
    await api.delete(`/api/users/${user.id}`);
    await restore();
    await api.dispose();
  }
});
