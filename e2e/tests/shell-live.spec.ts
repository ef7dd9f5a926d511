import { expect, test } from './fixtures';
import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';

/** SPEC §4/§9: a pop-up lasts 7 s unless pinned; the socket reconnects 5 s after it closes. */
const POPUP_MS = 7_000;
const RECONNECT_MS = 5_000;

interface ApiNotification {
  id: number;
  type: string;
  attributes: Record<string, unknown>;
}

/** The demo's web notification for command answers, with these pop-up attributes; returns what undoes it. */
async function styleCommandResultNotification(api: APIRequestContext, attributes: Record<string, unknown>): Promise<() => Promise<void>> {
  const notifications = (await (await api.get('/api/notifications')).json()) as ApiNotification[];
  const notification = notifications.find((candidate) => candidate.type === 'commandResult');
  if (!notification) throw new Error('the demo seed has no commandResult notification');
  const put = async (next: Record<string, unknown>) => {
    const answer = await api.put(`/api/notifications/${notification.id}`, { data: { ...notification, attributes: next } });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await put({ ...notification.attributes, ...attributes });
  return () => put(notification.attributes);
}

/** A command to an online simulated vehicle: it answers in its next fix, which raises a commandResult event. */
async function askSimulatorForAnEvent(api: APIRequestContext): Promise<void> {
  const devices = (await (await api.get('/api/devices')).json()) as Array<{ id: number; status: string }>;
  const online = devices.find((device) => device.status === 'online');
  if (!online) throw new Error('no online demo vehicle');
  const sent = await api.post('/api/commands/send', { data: { deviceId: online.id, type: 'positionSingle', attributes: {} } });
  expect(sent.ok(), await sent.text()).toBe(true);
}

const commandPopup = (page: Page) => page.locator('[data-testid="event-popup"][data-colour="red"]');

test.describe('live bus (SPEC §4)', () => {
  test('an event from the simulator shows a pop-up in its colour that closes after 7 s, or stays until closed when pinned', async ({ page }) => {
    const api = await adminApi();
    let restore = await styleCommandResultNotification(api, { 'rastro.color': 'red', 'rastro.sound': 'audio7' });
    const sounds: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rastro/assets/custom/sounds/')) sounds.push(new URL(request.url()).pathname);
    });
    try {
      await signIn(page, '/home');
      await askSimulatorForAnEvent(api);
      const popup = commandPopup(page).first();
      await expect(popup).toBeVisible({ timeout: 20_000 });
      const shownAt = Date.now();
      // Default position: bottom-right.
      await expect(page.getByTestId('popups-bottom-right')).toContainText(/./);
      // The notification's preset sound, served by the gateway.
      await expect.poll(() => sounds).toContain('/rastro/assets/custom/sounds/audio7.wav');
      const served = await page.request.get('/rastro/assets/custom/sounds/audio7.wav');
      expect(served.ok()).toBe(true);
      // It closes by itself about 7 s after it was seen (seen a little late on a busy machine).
      await expect(commandPopup(page)).toHaveCount(0, { timeout: POPUP_MS + 5_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(POPUP_MS - 2_000);

      // Pinned: the notifications are read at sign-in, so the page starts again.
      await restore();
      restore = await styleCommandResultNotification(api, { 'rastro.color': 'red', 'rastro.sound': 'audio9', 'rastro.pin': true, 'rastro.position': 'top-left' });
      await page.reload();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      // Muted in the top bar: the pop-up still shows, silently.
      await page.getByTestId('mute-toggle').click();
      await expect(page.getByTestId('mute-toggle')).toHaveAttribute('aria-pressed', 'true');
      await askSimulatorForAnEvent(api);
      const pinned = commandPopup(page).first();
      await expect(pinned).toBeVisible({ timeout: 20_000 });
      await expect(pinned).toHaveAttribute('data-pinned', 'true');
      await expect(page.getByTestId('popups-top-left')).toBeVisible();
      await page.waitForTimeout(POPUP_MS + 1_000);
      await expect(pinned).toBeVisible();
      await pinned.getByTestId('event-popup-close').click();
      await expect(commandPopup(page)).toHaveCount(0);
      expect(sounds).not.toContain('/rastro/assets/custom/sounds/audio9.wav');
    } finally {
      await restore();
      await api.dispose();
    }
  });

  test('a closed socket reconnects about 5 s later and the fleet is refreshed', async ({ page }) => {
    // The page's socket goes through this proxy to the real gateway, so the test can cut it as a
    // network failure or server restart would.
    const opened: Array<{ at: number; page: WebSocketRoute; server: WebSocketRoute }> = [];
    const framesFromServer: number[] = [];
    await page.routeWebSocket(/\/api\/socket$/, (socket) => {
      const server = socket.connectToServer();
      const index = opened.push({ at: Date.now(), page: socket, server }) - 1;
      server.onMessage((message) => {
        framesFromServer[index] = (framesFromServer[index] ?? 0) + 1;
        socket.send(message);
      });
      socket.onMessage((message) => server.send(message));
    });

    await signIn(page, '/home');
    await expect.poll(() => framesFromServer[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(opened).toHaveLength(1);

    const refreshed = page.waitForRequest((request) => /\/api\/devices$/.test(new URL(request.url()).pathname), { timeout: RECONNECT_MS + 5_000 });
    const closedAt = Date.now();
    // The page sees its connection dropped, as when the server goes away (the proxy then closes the server side too).
    await opened[0]!.page.close({ code: 1011, reason: 'e2e: server went away' });
    await expect(page.getByTestId('live-offline')).toBeVisible();

    await expect.poll(() => opened.length, { timeout: RECONNECT_MS + 4_000 }).toBe(2);
    const delay = opened[1]!.at - closedAt;
    expect(delay).toBeGreaterThanOrEqual(RECONNECT_MS - 500);
    expect(delay).toBeLessThan(RECONNECT_MS + 2_500);
    await refreshed;
    await expect(page.getByTestId('live-offline')).toBeHidden();
    // Live data flows again over the new connection.
    await expect.poll(() => framesFromServer[1] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(opened).toHaveLength(2);
  });
});
