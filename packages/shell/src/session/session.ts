import { createTrackingApi, useDevicesStore, usePositionsStore, useSessionStore } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { startLiveSocket } from '../live/liveSocket';
import type { LiveSocket } from '../live/liveSocket';

const api = createTrackingApi();
let liveSocket: LiveSocket | null = null;

/** After any sign-in: the fleet into the stores, then live updates over the socket. */
async function enterSession(user: User): Promise<void> {
  const [devices, positions] = await Promise.all([api.devices.list(), api.positions.latest()]);
  useDevicesStore.getState().replaceAll(devices);
  usePositionsStore.getState().apply(positions);
  useSessionStore.getState().signedIn(user);
  liveSocket?.stop();
  liveSocket = startLiveSocket();
}

/** SPEC §2 guard step 3: is there a session? If so, load the user's data. */
export async function resumeSession(): Promise<boolean> {
  const user = await api.session.current().catch(() => null);
  if (!user) {
    useSessionStore.getState().signedOut();
    return false;
  }
  await enterSession(user);
  return true;
}

export async function signIn(email: string, password: string): Promise<void> {
  await enterSession(await api.session.login(email, password));
}

/** SPEC §4: logout clears auth, closes the socket and reloads the page (on the login screen). */
export async function signOut(): Promise<void> {
  liveSocket?.stop();
  liveSocket = null;
  await api.session.logout().catch(() => undefined);
  useSessionStore.getState().signedOut();
  useDevicesStore.getState().clear();
  usePositionsStore.getState().clear();
  window.location.assign('/login');
}
