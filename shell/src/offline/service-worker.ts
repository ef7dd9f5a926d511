/**
 * The shell's service worker (issue 23), compiled by Workbox's InjectManifest through the shared
 * webpack factory (build/src/index.cjs) and served by the gateway at /sw.js. It is not part of the
 * page's bundle: the page registers it after sign-in (./registerServiceWorker.ts).
 *
 * - The shell's own build is precached: a reload with the gateway unreachable still opens the app.
 * - Everything else follows ./cacheRules.ts: the gateway's start-up answers network first, the
 *   remotes' manifests network first, their hashed files cache first, from whatever origin.
 * - The signed-in user's cached answers are deleted by the page at sign-out (USER_DATA_CACHES).
 * - A new deployment waits until the page's "new version" message is accepted (SKIP_WAITING).
 * - Push messages show a notification; its click opens the device (./pushMessages.ts).
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { cacheKindFor, NOT_APP_PAGES } from './cacheRules';
import { notificationOptions, openFromNotification, parsePushPayload } from './pushMessages';

// The DOM library has no worker-scope types, and the webworker library cannot be mixed with it in
// one program: the few members used here are declared.
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends WorkerEvent {
  data: { text(): string } | null;
}
interface NotificationClickLike extends WorkerEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
declare const self: WorkerScope;

const origin = self.location.origin;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so its session is cached before any reload.
clientsClaim();

// Pages: the network's copy (its per-domain headers), the precached shell when the gateway is out of reach.
const pages = new NetworkFirst({ cacheName: 'rastro-pages', networkTimeoutSeconds: 10 });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  }, { denylist: [NOT_APP_PAGES] }),
);

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
registerRoute(
  ({ url, request }) => cacheKindFor(url, request.method, origin) === 'api',
  new NetworkFirst({ cacheName: 'rastro-api', plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
);
registerRoute(
  ({ url, request }) => cacheKindFor(url, request.method, origin) === 'remote-manifest',
  new NetworkFirst({ cacheName: 'rastro-remotes', plugins: [okOnly, new ExpirationPlugin({ maxEntries: 50 })] }),
);
// A remote's scripts load through <script> tags: from another origin they are opaque (status 0).
registerRoute(
  ({ url, request }) => cacheKindFor(url, request.method, origin) === 'hashed-asset',
  new CacheFirst({ cacheName: 'rastro-assets', plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // The page's "new version" message was accepted: this worker takes over, and the page reloads.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text());
  event.waitUntil(self.registration.showNotification(payload.title, notificationOptions(payload)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openFromNotification(typeof target === 'string' ? target : '/home', origin, self.clients));
});
