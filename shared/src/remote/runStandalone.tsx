import { mountRootParcel } from 'single-spa';
import { createProductApi } from '../api/product';
import { createTrackingApi } from '../api/tracking';
import { initI18n } from '../i18n/i18n';
import { followBrowserHistory } from '../router/bridge';
import { useDevicesStore } from '../stores/devices';
import { usePositionsStore } from '../stores/positions';
import { useServerStore } from '../stores/server';
import { useSessionStore } from '../stores/session';
import type { AreaParcel } from './defineRemote';

export interface StandaloneOptions {
  parcel: AreaParcel;
  area: string;
  /** Dev-only sign-in for the remote's own dev server, which proxies /api to the gateway. */
  credentials: { email: string; password: string };
}

/**
 * Runs one area full-page with its remote's own dev server, so a team can work on it without the
 * shell: signs in, loads server info, the domain's config and the fleet into the shared stores (as
 * the shell does; the map waits for server info), then mounts the area. No live socket: the data is
 * a snapshot taken when the page loads. Links and back/forward work through the router bridge,
 * which follows the browser's history here.
 */
export async function runStandalone({ parcel, area, credentials }: StandaloneOptions): Promise<void> {
  await initI18n();
  const api = createTrackingApi();
  const user = (await api.session.current()) ?? (await api.session.login(credentials.email, credentials.password));
  useSessionStore.getState().signedIn(user);
  const [server, config] = await Promise.all([api.server.get(), createProductApi().config()]);
  useServerStore.getState().loaded(server, config);
  useDevicesStore.getState().replaceAll(await api.devices.list());
  usePositionsStore.getState().apply(await api.positions.latest());
  followBrowserHistory();
  const domElement = document.getElementById('root') ?? document.body;
  mountRootParcel(parcel, { domElement, area });
}
