import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './demo';

interface ApiGeofence {
  id: number;
  name: string;
  area: string;
}

async function geofences(page: Page): Promise<ApiGeofence[]> {
  return (await (await page.request.get('/api/geofences')).json()) as ApiGeofence[];
}

/** Clicks the map `dx`, `dy` pixels from its centre (away from the panel and the controls). */
async function clickMap(page: Page, dx: number, dy: number): Promise<void> {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.mouse.click(box.x + box.width / 2 + 120 + dx, box.y + box.height / 2 + dy);
}

async function finish(page: Page, name: string): Promise<ApiGeofence> {
  await page.getByTestId('geofence-edit-name').fill(name);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/geofences') && response.request().method() === 'POST');
  await page.getByTestId('geofence-edit-finish').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('geofence-edit-panel')).toBeHidden();
  const stored = (await geofences(page)).find((geofence) => geofence.name === name);
  if (!stored) throw new Error(`${name} was not saved`);
  return stored;
}

test('a circle geofence is drawn in steps, needs a name, is saved latitude first and shown again after a reload', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-geofences', /\d+/);
  await page.getByTestId('geofence-draw-circle').click();
  const area = page.getByTestId('geofence-edit-area');
  await expect(area).toHaveText('Área: indefinida');
  await clickMap(page, 0, 0);
  await expect(area).toHaveText(/^Área: 1 pontos?$/);
  await clickMap(page, 80, 0);
  await expect(area).toHaveText(/^Área: [\d.,]+ km²$/);

  await page.getByTestId('geofence-edit-finish').click();
  await expect(page.getByRole('alert')).toHaveText('O nome da cerca é obrigatório.');

  const stored = await finish(page, 'Círculo de teste');
  // Latitude first: the demo is in São Paulo, so the first number is about -23 and the second about -46.
  expect(stored.area).toMatch(/^CIRCLE \(-2[34]\.\d+ -4[67]\.\d+, \d+(\.\d)?\)$/);

  const count = (await geofences(page)).length;
  await page.reload();
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-geofences', String(count));
});

test('a polygon geofence takes vertices, can be reset, and is saved as a closed ring', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('geofence-draw-polygon').click();
  const area = page.getByTestId('geofence-edit-area');
  await clickMap(page, 0, 0);
  await clickMap(page, 60, 0);
  await expect(area).toHaveText('Área: 2 pontos');
  await page.getByTestId('geofence-edit-reset').click();
  await expect(area).toHaveText('Área: indefinida');

  await clickMap(page, 0, 0);
  await clickMap(page, 80, 0);
  await clickMap(page, 40, 70);
  await expect(area).toHaveText('Área: 3 pontos');
  const stored = await finish(page, 'Polígono de teste');
  const ring = /^POLYGON \(\((.*)\)\)$/.exec(stored.area)?.[1]?.split(', ') ?? [];
  expect(ring).toHaveLength(4);
  expect(ring[0]).toBe(ring[3]);
  expect(ring[0]).toMatch(/^-2[34]\.\d+ -4[67]\.\d+$/);

  const count = (await geofences(page)).length;
  await page.reload();
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-geofences', String(count));
});

test('a line geofence takes vertices and is saved as a latitude-first LINESTRING, shown again after a reload', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('geofence-draw-line').click();
  const area = page.getByTestId('geofence-edit-area');
  await clickMap(page, -60, 40);
  await clickMap(page, 0, -20);
  await clickMap(page, 70, 30);
  await expect(area).toHaveText('Área: 3 pontos');
  const stored = await finish(page, 'Linha de teste');
  const points = /^LINESTRING \((.*)\)$/.exec(stored.area)?.[1]?.split(', ') ?? [];
  expect(points).toHaveLength(3);
  for (const point of points) expect(point).toMatch(/^-2[34]\.\d+ -4[67]\.\d+$/);

  const count = (await geofences(page)).length;
  await page.reload();
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-geofences', String(count));
});

test('cancel leaves editing without saving', async ({ page }) => {
  await signIn(page);
  const before = (await geofences(page)).length;
  await page.getByTestId('geofence-draw-line').click();
  await clickMap(page, 0, 0);
  await page.getByTestId('geofence-edit-cancel').click();
  await expect(page.getByTestId('geofence-edit-panel')).toBeHidden();
  expect((await geofences(page)).length).toBe(before);
});
