import { expect } from '@playwright/test';
import { request } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RunningStack } from '../bench/stack';
import { demoAdmin } from './demo';
import { currentPorts, localUrl } from './slot';
import { startGatewayInFront } from './own-tracker';


export interface ApiDevice {
  id: number;
  name: string;
  uniqueId: string;
  status: string;
  positionId?: number;
  groupId?: number;
  category?: string | null;
  attributes: Record<string, unknown>;
}

/** A position report as a real tracker (the Traccar Client app) sends it, into the current worker's tracker. */
export async function reportFix(uniqueId: string, parameters: Record<string, string | number | boolean> = {}): Promise<void> {
  const query = new URLSearchParams({ id: uniqueId, lat: '-23.55', lon: '-46.63', speed: '0', ...Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, String(value)])) });
  const answer = await fetch(`${localUrl(currentPorts().osmand)}/?${query}`);
  expect(answer.status, `OsmAnd fix for ${uniqueId}`).toBe(200);
}

export async function createDevice(api: APIRequestContext, device: Partial<ApiDevice> & { name: string; uniqueId: string }): Promise<ApiDevice> {
  const answer = await api.post('/api/devices', { data: { attributes: {}, ...device } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as ApiDevice;
}

export async function signInAs(page: Page, email: string, password: string, name: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toContainText(name);
}

/** The demo administrator signed in to the tracker itself, behind the gateway: what is really stored. */
export async function trackerAdminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: localUrl(currentPorts().tracker) });
  const session = await api.post('/api/session', { form: { email: demoAdmin.email, password: demoAdmin.password } });
  expect(session.ok(), 'tracker login').toBe(true);
  return api;
}

/** Changes server attributes as the administrator; returns what undoes the change. */
export async function withServerAttributes(api: APIRequestContext, attributes: Record<string, unknown>): Promise<() => Promise<void>> {
  const server = (await (await api.get('/api/server')).json()) as { attributes: Record<string, unknown> };
  const put = async (next: Record<string, unknown>) => {
    const answer = await api.put('/api/server', { data: { ...server, attributes: next } });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await put({ ...server.attributes, ...attributes });
  return () => put(server.attributes);
}

/** The names of the list rows drawn now, top to bottom. */
export const rowNames = (page: Page) => page.getByTestId('device-row-name').allTextContents();

/**
 * A second gateway in front of the same tracker, with `env` added (a licence, an edition): the
 * gateway reads those at start, so checking them needs a gateway of its own.
 */
export function startGatewayWith(env: Record<string, string>): Promise<RunningStack> {
  const ports = currentPorts();
  return startGatewayInFront({ gateway: ports.secondGateway, tracker: ports.tracker, osmand: ports.osmand }, env);
}

/** A second gateway licensed for `deviceLimit` devices. */
export function startLicensedGateway(deviceLimit: number): Promise<RunningStack> {
  return startGatewayWith({ RASTRO_LICENSE_DEVICE_LIMIT: String(deviceLimit) });
}

/**
 * `rastro.advancedPerms` with exactly these bits set (ARCHITECTURE.md: 128 bits written MSB first,
 * bit k is position k of the bit string; devices view is bit 8, geofences view bit 40).
 */
export function advancedPerms(bits: number[]): string {
  const set = new Set(bits);
  let hex = '';
  for (let k = 0; k < 128; k += 4) hex += [0, 1, 2, 3].reduce((nibble, offset) => nibble | (set.has(k + offset) ? 8 >> offset : 0), 0).toString(16);
  return hex;
}
