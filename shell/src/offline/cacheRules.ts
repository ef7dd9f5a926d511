/**
 * Which of the service worker's caches a request belongs to. Pure, so the choice is unit-tested
 * without a worker; shell/src/offline/service-worker.ts routes each kind to its strategy.
 *
 * - `api`: the gateway's answers the signed-in page starts from (session, server, devices, the
 *   last positions, the entity lists, the remotes list, the theme). Network first, the cached copy
 *   only when the gateway cannot be reached, so an offline reload opens the app on the last known
 *   positions. Reports, history, exports, logs and the health probe are never kept: they are big,
 *   personal beyond the map, or (the probe) must tell the truth about the network.
 * - `remote-manifest`: a remote's mf-manifest.json, from whatever origin or path the remote is
 *   served (Module Federation finds each remote's entry through it at run time). Network first, so
 *   a remote's new deployment is picked up at the next load.
 * - `hashed-asset`: a content-hashed file of a remote (entry, chunks, fonts, images, the map's
 *   worker), from any origin: its name changes when it changes, so the cached copy is always right.
 */
export type CacheKind = 'api' | 'remote-manifest' | 'hashed-asset';

const NEVER_KEPT = [
  /^\/api\/socket$/,
  /^\/api\/reports(?:\/|$)/,
  /^\/api\/positions\/(?:csv|gpx|kml|kmz)$/,
  /^\/api\/(?:audit|statistics)$/,
  /^\/rastro\/(?:health|logs|push)(?:\/|$)/,
];

// A webpack content hash in the file name, as the gateway's cache headers recognise it.
const HASHED_FILE = /[.-][0-9a-f]{8,}\.(?:m?js|css|woff2?|ttf|png|svg|jpe?g|webp|gif|wasm)$/i;

export function cacheKindFor(url: URL, method: string, ownOrigin: string): CacheKind | null {
  if (method !== 'GET') return null;
  const { pathname } = url;
  if (pathname.endsWith('/mf-manifest.json')) return 'remote-manifest';
  if (url.origin === ownOrigin && /^\/(?:api|rastro)\//.test(pathname)) {
    if (NEVER_KEPT.some((pattern) => pattern.test(pathname))) return null;
    // A device's history (from/to) is a report, not the last known position.
    if (pathname === '/api/positions' && (url.searchParams.has('from') || url.searchParams.has('to'))) return null;
    return 'api';
  }
  return HASHED_FILE.test(pathname) ? 'hashed-asset' : null;
}

/** Navigations to the gateway's own APIs and remotes are never answered with the app's page (the gateway's SPA fallback says the same). */
export const NOT_APP_PAGES = /^\/(?:api|rastro|remotes)(?:\/|$)/;

/** The caches that hold the signed-in user's data: emptied when the user signs out. */
export const USER_DATA_CACHES = ['rastro-api'] as const;
