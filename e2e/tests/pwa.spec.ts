import type { ChildProcess } from 'node:child_process';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expectAccessible } from './axe';
import { BROWSER_ARGS, FULL_CHROMIUM_PATH } from './browsers';
import { signIn } from './demo';
import { expect, test } from './fixtures';
import { kill, startOwnGateway, startTracker, waitForTracker } from './own-tracker';
import type { RunningStack } from '../bench/stack';

/**
 * Issue 23: the shell's service worker. A push message delivered to it through the DevTools
 * protocol (no push service is reachable here) shows a notification whose click opens the device;
 * then, with the gateway stopped, a reload still opens the app on the last known positions with the
 * "offline" banner. A stack of the test's own: the worker's gateway must not be stopped.
 */

// The full browser: the suite's lean headless one keeps no notification a push would show.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: BROWSER_ARGS } });

let tracker: ChildProcess | undefined;
let stack: RunningStack | undefined;

test.describe('service worker: push, and the app without its gateway', () => {
  // The suite blocks service workers (playwright.config.ts); this is the spec of the shell's own.
  test.use({ serviceWorkers: 'allow' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tracker = startTracker();
    [, stack] = await Promise.all([waitForTracker(tracker), startOwnGateway()]);
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (tracker) await kill(tracker);
  });

  async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
    await expect.poll(() => context.serviceWorkers().length, { timeout: 30_000 }).toBeGreaterThan(0);
    return context.serviceWorkers()[0]!;
  }

  /** What the worker has kept of the gateway's answers and of the map remote. */
  const cached = (page: Page) =>
    page.evaluate(async () => {
      const paths = await Promise.all(['rastro-api', 'rastro-remotes'].map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)));
      return paths.flat();
    });

  test('a push shows a notification that opens its device; with the gateway stopped the app still opens on the last positions', async ({ page, context }) => {
    test.setTimeout(180_000);
    const url = stack!.url;
    await context.grantPermissions(['notifications'], { origin: url });
    await signIn(page, `${url}/login`);
    await expect(page.getByTestId('map-device-count')).toHaveText('2 dispositivos no mapa', { timeout: 60_000 });
    const worker = await serviceWorkerOf(context);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The first visit's answers, handed to the worker once it took the page.
    await expect.poll(() => cached(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['/api/session', '/api/devices', '/api/positions', '/rastro/remotes', '/remotes/mf-map/mf-manifest.json']));
    const [device] = await page.evaluate(() => fetch('/api/devices').then((answer) => answer.json() as Promise<Array<{ id: number; name: string }>>));

    await test.step("a push message delivered to the worker shows the event's notification", async () => {
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const registration = registrations.find((candidate) => candidate.scopeURL === `${url}/` && !candidate.isDeleted);
          if (registration) resolve(registration.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const data = JSON.stringify({ title: device!.name, body: 'Excesso de velocidade', deviceId: device!.id, eventId: 4242, type: 'deviceOverspeed' });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: url, registrationId: await registered, data });
      await expect
        .poll(() => worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScopeLike).registration.getNotifications()).map((shown) => [shown.title, shown.body, shown.tag])))
        .toEqual([[device!.name, 'Excesso de velocidade', 'event-4242']]);
    });

    await test.step("its click opens the device's detail in the open window", async () => {
      await page.goto(`${url}/home`);
      await expect(page.getByTestId('map-device-count')).toHaveText('2 dispositivos no mapa', { timeout: 60_000 });
      // Headless Chromium draws no notification to click: the worker's own click handler is run on it.
      await worker.evaluate(async () => {
        const scope = self as unknown as ServiceWorkerGlobalScopeLike;
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
      await expect(page).toHaveURL(`${url}/devices/${device!.id}`);
      // The map selects it (its card); the fleet panel's detail loads beside it.
      await expect(page.getByRole('region', { name: 'Mapa ao vivo' }).getByText(device!.name)).toBeVisible();
      await expect(page.getByTestId('device-detail')).toHaveAttribute('data-device-id', String(device!.id), { timeout: 60_000 });
      await expect.poll(() => worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScopeLike).registration.getNotifications()).length)).toBe(0);
    });

    await test.step('the gateway stopped: a reload opens the app on the last known positions, saying it is offline', async () => {
      await page.goto(`${url}/home`);
      await expect(page.getByTestId('map-device-count')).toHaveText('2 dispositivos no mapa', { timeout: 60_000 });
      await stack!.stop();
      stack = undefined;
      await page.reload();
      await expect(page.getByTestId('app-offline')).toHaveText('Sem conexão com o servidor: mostrando as últimas posições conhecidas.', { timeout: 30_000 });
      await expect(page.getByTestId('map-device-count')).toHaveText('2 dispositivos no mapa', { timeout: 60_000 });
      await expectAccessible(page, '[data-testid="app-offline"]');
    });
  });
});

/** The few service-worker members the steps above use (the test's own types have no worker scope). */
interface ServiceWorkerGlobalScopeLike {
  registration: { getNotifications(): Promise<Array<{ title: string; body: string; tag: string }>> };
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
  dispatchEvent(event: Event): boolean;
}
