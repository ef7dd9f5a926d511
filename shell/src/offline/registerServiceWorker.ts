import { Workbox } from 'workbox-window';
import { create } from 'zustand';
import { cacheKindFor } from './cacheRules';

/** What the page knows of its service worker: a new deployment waiting for the user's reload. */
export const useAppUpdateStore = create<{ acceptUpdate: (() => void) | null }>()(() => ({ acceptUpdate: null }));

// How often an open page asks for a new deployment (a navigation also asks, as browsers do).
const UPDATE_CHECK_MS = 30 * 60_000;

let started = false;

/**
 * The answers the page fetched before the worker controlled it (the first visit: the session,
 * the fleet, the remotes' manifests and chunks) are handed to it to cache (Workbox's CACHE_URLS),
 * so an offline reload right after the first sign-in already has them. Other origins' scripts are
 * fetched as the page did, without CORS.
 */
type CacheEntry = string | [string, RequestInit];

export function urlsToCache(resourceUrls: readonly string[], origin: string): CacheEntry[] {
  return [...new Set(resourceUrls)].flatMap((href): CacheEntry[] => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return [];
    }
    if (!/^https?:$/.test(url.protocol) || cacheKindFor(url, 'GET', origin) === null) return [];
    return url.origin === origin || url.pathname.endsWith('.json') ? [href] : [[href, { mode: 'no-cors' }]];
  });
}

/**
 * Registers /sw.js (shell/src/offline/service-worker.ts) once per page, after sign-in: the login
 * never loads this code (README, "Front-end weight"). Development builds have no worker.
 */
export function registerServiceWorker(): void {
  if (started || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  started = true;
  const workbox = new Workbox('/sw.js');
  let accepted = false;
  workbox.addEventListener('waiting', () => {
    useAppUpdateStore.setState({
      acceptUpdate: () => {
        accepted = true;
        workbox.messageSkipWaiting();
      },
    });
  });
  workbox.addEventListener('controlling', (event) => {
    if (accepted) window.location.reload();
    else if (!event.isUpdate) {
      const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
      void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urlsToCache(resources, window.location.origin) } });
    }
  });
  void workbox.register().then((registration) => {
    if (!registration) return;
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  });
}
