import {
  ApiError,
  clearPreference,
  createProductApi,
  createTrackingApi,
  readPreference,
  useDevicesStore,
  usePositionsStore,
  useSessionStore,
  writePreference,
} from '@rastro/shared';
import type { User } from '@rastro/shared';
import { startLiveSocket } from '../live/liveSocket';
import { loadNotifications } from '../live/notifications';
import type { LiveSocket } from '../live/liveSocket';

const api = createTrackingApi();
const productApi = createProductApi();
let liveSocket: LiveSocket | null = null;
let resuming: Promise<boolean> | null = null;

/** After a reconnect: what changed while the socket was down. */
async function refreshFleet(): Promise<void> {
  try {
    const [devices, positions] = await Promise.all([api.devices.list(), api.positions.latest()]);
    useDevicesStore.getState().replaceAll(devices);
    usePositionsStore.getState().apply(positions);
  } catch {
    // The next reconnect or message brings the stores up to date.
  }
}

/** After any sign-in: the fleet into the stores, then live updates over the socket. */
async function enterSession(user: User): Promise<void> {
  const [devices, positions] = await Promise.all([api.devices.list(), api.positions.latest()]);
  useDevicesStore.getState().replaceAll(devices);
  usePositionsStore.getState().apply(positions);
  useSessionStore.getState().signedIn(user);
  liveSocket?.stop();
  liveSocket = startLiveSocket(undefined, () => void refreshFleet());
  // The user's notifications decide each event pop-up's colour, position, sound and pin.
  void loadNotifications(api.http);
}

/** Remembered credentials the server refuses now (changed password, disabled account) are forgotten. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

async function resume(): Promise<boolean> {
  // SPEC §4: stored remember-me credentials sign in again at start; otherwise the existing session.
  const remembered = readPreference('rememberMe');
  if (remembered) {
    try {
      await enterSession(await api.session.login(remembered.email, remembered.password));
      return true;
    } catch (error) {
      if (isRefusal(error)) clearPreference('rememberMe');
    }
  }
  const user = await api.session.current().catch(() => null);
  if (!user) {
    useSessionStore.getState().signedOut();
    return false;
  }
  try {
    await enterSession(user);
    return true;
  } catch {
    // SPEC §8: a failed session check sends the user to login.
    useSessionStore.getState().signedOut();
    return false;
  }
}

/** SPEC §2 guard step 3: is there a session? If so, load the user's data. One check at a time. */
export function resumeSession(): Promise<boolean> {
  resuming ??= resume().finally(() => {
    resuming = null;
  });
  return resuming;
}

export async function signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  const user = await api.session.login(email, password);
  if (options.remember) writePreference('rememberMe', { email, password });
  else clearPreference('rememberMe');
  await enterSession(user);
}

/** `/share/<token>`: the browser signs in as the link's temporary, read-only user. */
export async function signInWithShare(token: string): Promise<void> {
  clearPreference('rememberMe');
  await enterSession(await productApi.shareLogin(token));
}

/** A suspended account's one-time trust unlock (SPEC §4 account states); the caller signs in again after it. */
export async function requestTrustUnlock(email: string, password: string): Promise<void> {
  await productApi.trustUnlock({ email, password });
}

/** SPEC §4: logout clears auth and stored credentials, closes the socket and reloads the page (on the login screen). */
export async function signOut(): Promise<void> {
  clearPreference('rememberMe');
  liveSocket?.stop();
  liveSocket = null;
  await api.session.logout().catch(() => undefined);
  useSessionStore.getState().signedOut();
  useDevicesStore.getState().clear();
  usePositionsStore.getState().clear();
  window.location.assign('/login');
}
