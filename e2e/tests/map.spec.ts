import { expect, test } from './fixtures';
import { signIn } from './demo';

test('the live map shows the demo fleet and its markers move', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const map = page.getByTestId('live-map');
  await expect(map.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('map-device-count')).toHaveText(/^([5-9]\d|\d{3,}) dispositivos no mapa$/);

  // Markers are drawn on the canvas: as the socket delivers fixes, the picture changes.
  // A page screenshot of the map's box: it does not wait for the ever-redrawing canvas to settle.
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  const picture = () => page.screenshot({ clip: box, animations: 'allow', timeout: 5_000 });
  // The first picture once the engine holds the markers and the camera has settled, not after a guessed pause.
  await expect(map).toHaveAttribute('data-markers', /^[1-9]\d*$/);
  await expect(map).toHaveAttribute('data-center', /,/);
  const before = await picture();
  // The simulator moves the fleet every 2 s; a busy machine takes its time to screenshot.
  await expect.poll(async () => Buffer.compare(before, await picture()) !== 0, { timeout: 20_000, intervals: [1_000] }).toBe(true);
});

test('positions keep arriving over the websocket through the gateway', async ({ page }) => {
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  await signIn(page);
  await expect.poll(() => frames.filter((frame) => frame.startsWith('{"positions"')).length, { timeout: 10_000 }).toBeGreaterThan(2);
});
