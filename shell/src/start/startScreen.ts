import type { LoginMode } from '../login/LoginPage';

/** What the page draws first: the light login (no app downloaded yet), or the whole app. */
export type StartScreen = { kind: 'login'; mode: LoginMode; token?: string } | { kind: 'app' };

/**
 * SPEC §2/§4 at the first render, decided without the router: the login's own addresses open the
 * light login unless remembered credentials will sign in at once (SPEC §4 remember me: the app
 * then moves on to where the user was going); every other address (a session screen, the
 * recovery and register pages, maintenance) needs the app and its route guard.
 */
export function startScreen(pathname: string, { remembered }: { remembered: boolean }): StartScreen {
  const share = /^\/share\/([^/]+)\/?$/.exec(pathname);
  if (share?.[1]) return { kind: 'login', mode: 'share', token: decodeURIComponent(share[1]) };
  if (remembered) return { kind: 'app' };
  if (/^\/login\/?$/.test(pathname)) return { kind: 'login', mode: 'login' };
  if (/^\/motorista\/?$/.test(pathname)) return { kind: 'login', mode: 'driver' };
  return { kind: 'app' };
}
