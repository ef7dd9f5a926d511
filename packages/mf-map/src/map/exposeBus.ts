import { bus } from '@rastro/shared';
import type { RastroBus } from '@rastro/shared';

declare global {
  interface Window {
    /** The page's one bus (see exposeBusForTools). */
    rastroBus?: RastroBus;
  }
}

/**
 * Puts the page's bus on `window.rastroBus`, so the browser console and the end-to-end tests can
 * ask for what any remote may ask for (a route, a street view) before a screen that asks exists.
 * It is the real bus: the map reacts exactly as it does to another remote.
 */
export function exposeBusForTools(): void {
  window.rastroBus ??= bus;
}
