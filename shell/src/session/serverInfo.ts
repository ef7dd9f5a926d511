import { createProductApi, createTrackingApi, refreshLicence, useServerStore } from '@rastro/shared/core';
import { applyPageTitle } from '../theme/theme';

const trackingApi = createTrackingApi();
const productApi = createProductApi();

/**
 * Server info and the domain's static config, loaded in the background (SPEC §2 guard step 2), and
 * again (`refresh`) when the gateway says the settings were saved: a refresh that fails keeps what
 * the page has rather than sending it to the maintenance page.
 */
export function loadServerInfo({ refresh = false }: { refresh?: boolean } = {}): Promise<boolean> {
  if (refresh) return fetchServerInfo(true);
  // The login starts the first load and the app, loaded after it, asks again: one request. A
  // failed load is not kept: the maintenance page asks again until the server answers.
  firstLoad ??= fetchServerInfo(false).then((ok) => {
    if (!ok) firstLoad = null;
    return ok;
  });
  return firstLoad;
}

let firstLoad: Promise<boolean> | null = null;

async function fetchServerInfo(refresh: boolean): Promise<boolean> {
  try {
    // The licence headers (edition, device limit) of GET /api/server gate the paid-edition menus.
    const [server, config] = await Promise.all([trackingApi.server.get(), productApi.config(), refreshLicence(trackingApi.http)]);
    useServerStore.getState().loaded(server, config);
    applyPageTitle(config);
    return true;
  } catch {
    if (!refresh) useServerStore.getState().failed();
    return false;
  }
}
