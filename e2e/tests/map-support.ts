import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** One feature the live map draws, as window.rastroMap reports it (see mf-map exposeBus.ts). */
export interface DrawnFeature {
  layer: string;
  properties: Record<string, unknown>;
  /** A point's place on screen, in CSS pixels from the map's top left. */
  at?: { x: number; y: number };
}

interface RastroMapTools {
  drawn(): DrawnFeature[];
  where(lngLat: [number, number]): { x: number; y: number };
  baseSources(): string[];
}

/** What the map draws now in Rastro's layers, as the engine answers from the screen. */
export function drawn(page: Page): Promise<DrawnFeature[]> {
  return page.evaluate(() => (window as unknown as { rastroMap?: RastroMapTools }).rastroMap?.drawn() ?? []);
}

/** The features drawn in one layer (or in layers whose id starts with `layer`, given a trailing `*`). */
export async function drawnIn(page: Page, layer: string): Promise<DrawnFeature[]> {
  const prefix = layer.endsWith('*') ? layer.slice(0, -1) : null;
  return (await drawn(page)).filter((feature) => (prefix !== null ? feature.layer.startsWith(prefix) : feature.layer === layer));
}

/** The base map's sources the engine holds now: none on the offline style. */
export function baseMapSources(page: Page): Promise<string[] | null> {
  return page.evaluate(() => (window as unknown as { rastroMap?: RastroMapTools }).rastroMap?.baseSources() ?? null);
}

/** Where a place is on the map's screen, in page coordinates; null before the map has loaded. */
export async function screenPoint(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number } | null> {
  const box = await page.getByTestId('live-map').boundingBox();
  const at = await page.evaluate((place) => (window as unknown as { rastroMap?: RastroMapTools }).rastroMap?.where(place) ?? null, lngLat);
  return box && at && { x: box.x + at.x, y: box.y + at.y };
}

/** The marker of `deviceId` as drawn now, if it is. */
export async function markerOf(page: Page, deviceId: number): Promise<DrawnFeature | undefined> {
  return (await drawnIn(page, 'rastro-fleet-markers')).find((feature) => feature.properties.deviceId === deviceId);
}

/** Waits until the marker of `deviceId` is drawn on screen, and returns it. */
export async function expectMarkerDrawn(page: Page, deviceId: number): Promise<DrawnFeature> {
  let marker: DrawnFeature | undefined;
  // The map loads its engine, its style and the fleet first: slow on a loaded machine.
  await expect.poll(async () => (marker = await markerOf(page, deviceId)) !== undefined, { timeout: 30_000 }).toBe(true);
  return marker!;
}

/** Waits until the marker of `deviceId` has a label that `check` accepts. */
export async function expectLabel(page: Page, deviceId: number, check: (label: string) => boolean): Promise<void> {
  await expect.poll(async () => check(String((await markerOf(page, deviceId))?.properties.label ?? '\u0000')), { timeout: 10_000 }).toBe(true);
}
