import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { signIn } from './demo';
import { drawnIn } from './map-support';

interface ApiGeofence {
  id: number;
  name: string;
  area: string;
}

async function geofences(page: Page): Promise<ApiGeofence[]> {
  return (await (await page.request.get('/api/geofences')).json()) as ApiGeofence[];
}

/**
 * Signed in, on the live map with the fleet drawn: the map frames the fleet the first time it
 * comes, and points clicked before that would jump on screen.
 */
async function onTheMap(page: Page): Promise<void> {
  await signIn(page);
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-markers', /^[1-9]/, { timeout: 30_000 });
}

/** Clicks the map `dx`, `dy` pixels from its centre (away from the panel and the controls). */
async function clickMap(page: Page, dx: number, dy: number): Promise<void> {
  const map = page.getByTestId('live-map');
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  // Through the locator, not the raw mouse: whatever lies over that spot (a list, a pop-up) would
  // take the click, and Playwright waits until the map itself is what receives it.
  await map.click({ position: { x: box.width / 2 + 120 + dx, y: box.height / 2 + dy } });
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
  await onTheMap(page);
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
  await onTheMap(page);
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
  await onTheMap(page);
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
  await onTheMap(page);
  const before = (await geofences(page)).length;
  await page.getByTestId('geofence-draw-line').click();
  await clickMap(page, 0, 0);
  await page.getByTestId('geofence-edit-cancel').click();
  await expect(page.getByTestId('geofence-edit-panel')).toBeHidden();
  expect((await geofences(page)).length).toBe(before);
});

/** The draft's vertex handles as drawn now, by index, in page coordinates. */
async function handles(page: Page): Promise<Map<number, { x: number; y: number }>> {
  const box = await page.getByTestId('live-map').boundingBox();
  if (!box) throw new Error('the map has no size');
  const drawn = await drawnIn(page, 'rastro-geofence-draft-handles');
  return new Map(drawn.filter((feature) => feature.at).map((feature) => [Number(feature.properties.handle), { x: box.x + feature.at!.x, y: box.y + feature.at!.y }]));
}

test('a right click on a polygon vertex removes it', async ({ page }) => {
  await onTheMap(page);
  await page.getByTestId('geofence-draw-polygon').click();
  const area = page.getByTestId('geofence-edit-area');
  for (const [index, [dx, dy]] of ([[0, 0], [90, 0], [90, 80], [0, 80]] as const).entries()) {
    await clickMap(page, dx, dy);
    await expect(area).toHaveText(index === 0 ? /^Área: 1 pontos?$/ : `Área: ${index + 1} pontos`);
  }
  await expect.poll(async () => (await handles(page)).size).toBe(4);
  const second = (await handles(page)).get(1)!;
  const box = (await page.getByTestId('live-map').boundingBox())!;
  await page.getByTestId('live-map').click({ button: 'right', position: { x: second.x - box.x, y: second.y - box.y } });
  await expect(area).toHaveText('Área: 3 pontos');

  // A cluster of the fleet (the demo's city centre has several at this zoom) is a point too, not its list.
  let cluster: { x: number; y: number } | undefined;
  await expect.poll(async () => (cluster = (await drawnIn(page, 'rastro-fleet-clusters')).find((feature) => feature.at)?.at)).toBeDefined();
  await page.getByTestId('live-map').click({ position: cluster! });
  await expect(area).toHaveText('Área: 4 pontos');
  await expect(page.getByTestId('cluster-list')).toHaveCount(0);
  await page.getByTestId('geofence-edit-cancel').click();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger drags a polygon vertex, and the map stays still under it', async ({ page }) => {
    await onTheMap(page);
    await page.getByTestId('geofence-draw-polygon').click();
    for (const [dx, dy] of [[0, 0], [90, 0], [45, 80]] as const) await clickMap(page, dx, dy);
    await expect(page.getByTestId('geofence-edit-area')).toHaveText('Área: 3 pontos');
    await expect.poll(async () => (await handles(page)).size).toBe(3);
    const before = await handles(page);
    const from = before.get(0)!;
    const to = { x: from.x - 60, y: from.y - 50 };

    // A real touch gesture, as the browser gets it from a screen.
    const touch = await page.context().newCDPSession(page);
    const at = (point: { x: number; y: number }) => [{ x: point.x, y: point.y, id: 1 }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
    for (let step = 1; step <= 6; step += 1) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at({ x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 }) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(async () => { const moved = (await handles(page)).get(0); return moved ? Math.hypot(moved.x - to.x, moved.y - to.y) : Infinity; }).toBeLessThan(4);
    // The other vertices did not move on screen: the finger moved the vertex, not the map.
    const after = await handles(page);
    for (const index of [1, 2]) expect(Math.hypot(after.get(index)!.x - before.get(index)!.x, after.get(index)!.y - before.get(index)!.y)).toBeLessThan(2);
    await page.getByTestId('geofence-edit-cancel').click();
  });
});
