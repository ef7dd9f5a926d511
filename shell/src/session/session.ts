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
} from '@rastro/shared/core';
import type { User } from '@rastro/shared/core';
import type { LiveSocket } from '../live/liveSocket';
import { SHARE_ROUTE, routeFor } from '../routing/routeTable';
import { USER_DATA_CACHES } from '../offline/cacheRules';
import { loadServerInfo } from './serverInfo';

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

/**
 * What a session needs beyond the login screen: the live socket and the entity lists (with the
 * whole of @rastro/shared). Fetched at the first sign-in, never by the login screen itself
 * (README, "Front-end weight").
 */
interface SessionCode {
  clearEntityLists: typeof import('@rastro/shared').clearEntityLists;
  loadEntityLists: typeof import('@rastro/shared').loadEntityLists;
  startLiveSocket: typeof import('../live/liveSocket').startLiveSocket;
}
let sessionCode: SessionCode | null = null;

async function loadSessionCode(): Promise<SessionCode> {
  const [{ clearEntityLists, loadEntityLists }, { startLiveSocket }] = await Promise.all([import('@rastro/shared'), import('../live/liveSocket')]);
  sessionCode = { clearEntityLists, loadEntityLists, startLiveSocket };
  return sessionCode;
}

/** After any sign-in: the fleet into the stores, then live updates over the socket. */
async function enterSession(user: User): Promise<void> {
  const [devices, positions, { loadEntityLists, startLiveSocket }] = await Promise.all([api.devices.list(), api.positions.latest(), sessionCode ?? loadSessionCode()]);
  useDevicesStore.getState().replaceAll(devices);
  usePositionsStore.getState().apply(positions);
  useSessionStore.getState().signedIn(user);
  liveSocket?.stop();
  liveSocket = startLiveSocket({ keepSession: sessionStillThere, onReconnect: () => void refreshFleet(), onServerChanged: () => void loadServerInfo({ refresh: true }) });
  // SPEC §3: all list entities are fetched after login (the notifications also style the event pop-ups).
  void loadEntityLists(user, (path) => api.http.json(path));
}

/** Leaves the session on this page only: the socket, the user and the fleet go; the guard then asks for a login. */
function dropSession(options?: { ended?: boolean }): void {
  liveSocket?.stop();
  liveSocket = null;
  useSessionStore.getState().signedOut(options);
  useDevicesStore.getState().clear();
  usePositionsStore.getState().clear();
  // No session code yet: no list was ever loaded.
  sessionCode?.clearEntityLists();
}

/**
 * Before the socket reconnects: a server restart or an expiry may have ended the session. It is
 * signed in again with the remember-me credentials; without them (or refused) the user is sent to
 * /login?to=<path> by the guard (SPEC §2 step 4). A server still down is not a lost session.
 */
export async function sessionStillThere(): Promise<boolean> {
  let user: User | null;
  try {
    user = await api.session.current();
  } catch (error) {
    // Refused (a suspended account's session answers 401) is a lost session; anything else is a server still down.
    if (!isRefusal(error)) return true;
    user = null;
  }
  if (user) return true;
  // Acting as another user: the remembered account must not take the session back unasked.
  const remembered = readPreference('actingAs') ? undefined : readPreference('rememberMe');
  if (remembered) {
    try {
      useSessionStore.getState().signedIn(await api.session.login(remembered.email, remembered.password));
      return true;
    } catch (error) {
      if (!isRefusal(error)) return true;
      clearPreference('rememberMe');
    }
  }
  // Not the user's doing: the login page tells them their session ended.
  dropSession({ ended: true });
  return false;
}

/** Remembered credentials the server refuses now (changed password, disabled account) are forgotten. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

async function resume(): Promise<boolean> {
  // SPEC §4: stored remember-me credentials sign in again at start; otherwise the existing session
  // (always while acting as another user: that session is the one the user chose).
  const remembered = readPreference('actingAs') ? undefined : readPreference('rememberMe');
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

/**
 * SPEC §4: at start, stored remember-me credentials sign in, on public screens too (the login screen
 * then moves on to where the user was going). Session screens do it through the guard; a share
 * link signs in as its own user instead.
 */
export function startSession(pathname: string): Promise<boolean> | null {
  if (!readPreference('rememberMe') || readPreference('actingAs')) return null;
  const route = routeFor(pathname);
  if (route?.access !== 'public' || route.path === SHARE_ROUTE) return null;
  return resumeSession();
}

/** SPEC §2 guard step 3: is there a session? If so, load the user's data. One check at a time. */
export function resumeSession(): Promise<boolean> {
  resuming ??= resume().finally(() => {
    resuming = null;
  });
  return resuming;
}

/** SPEC §4 remember me: the credentials are kept for the next start, or forgotten. */
function rememberCredentials(email: string, password: string, remember = false): void {
  if (remember) writePreference('rememberMe', { email, password });
  else clearPreference('rememberMe');
}

export async function signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  const user = await api.session.login(email, password);
  rememberCredentials(email, password, options.remember);
  await enterSession(user);
}

/** `/share/<token>`: the browser signs in as the link's temporary, read-only user. */
export async function signInWithShare(token: string): Promise<void> {
  clearPreference('rememberMe');
  await enterSession(await productApi.shareLogin(token));
}

/** A suspended account's one-time trust unlock (SPEC §4 account states): its answer is a signed-in session, entered as a login's. */
export async function requestTrustUnlock(email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  const { user } = await productApi.trustUnlock({ email, password });
  rememberCredentials(email, password, options.remember);
  await enterSession(user);
}

/**
 * Back from "log in as" to the account that did it, with the one-use way back the switch's answer
 * carried (the gateway opens that account's session and ends this one), then the page starts again
 * on the users screen. Without a usable way back (used, expired, signed out since) it is a plain logout.
 */
export async function stopActingAs(): Promise<void> {
  const acting = readPreference('actingAs');
  clearPreference('actingAs');
  if (!acting) return signOut();
  try {
    await productApi.wayBack(acting.token);
  } catch {
    return signOut();
  }
  window.location.assign('/users');
}

/** SPEC §4: logout clears auth and stored credentials, closes the socket and reloads the page (on the login screen). */
export async function signOut(): Promise<void> {
  clearPreference('rememberMe');
  clearPreference('actingAs');
  liveSocket?.stop();
  liveSocket = null;
  await api.session.logout().catch(() => undefined);
  // The service worker's copies of this user's answers (shell/src/offline) go with the session.
  if (typeof caches !== 'undefined') await Promise.all(USER_DATA_CACHES.map((name) => caches.delete(name))).catch(() => undefined);
  dropSession();
  window.location.assign('/login');
}
