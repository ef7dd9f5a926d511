import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** One feature the live map draws, as window.rastroMap reports it (see mf-map exposeBus.ts). */
export interface DrawnFeature {
  layer: string;
  properties: Record<string, unknown>;
}

/** What the map draws now in Rastro's layers, as the engine answers from the screen. */
export function drawn(page: Page): Promise<DrawnFeature[]> {
  return page.evaluate(() => (window as unknown as { rastroMap?: { drawn(): DrawnFeature[] } }).rastroMap?.drawn() ?? []);
}

/** The features drawn in one layer. */
export async function drawnIn(page: Page, layer: string): Promise<DrawnFeature[]> {
  return (await drawn(page)).filter((feature) => feature.layer === layer);
}

/** Waits until the marker of `deviceId` is drawn on screen, and returns it. */
export async function expectMarkerDrawn(page: Page, deviceId: number): Promise<DrawnFeature> {
  let marker: DrawnFeature | undefined;
  await expect
    // The map loads its engine, its style and the fleet first: slow on a loaded machine.
    .poll(async () => (marker = (await drawnIn(page, 'rastro-fleet-markers')).find((feature) => feature.properties.deviceId === deviceId)) !== undefined, { timeout: 30_000 })
    .toBe(true);
  return marker!;
}
