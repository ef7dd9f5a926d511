import { DRIVER_HOME_PATH, DRIVER_LOGIN_PATH, HOME_PATH, LOGIN_PATH, MAINTENANCE_PATH, routeFor } from './routeTable';

/** What the guard knows about the visitor: not checked yet, nobody, a user, or a QR driver (SPEC §6). */
export type SessionView = 'unknown' | 'anonymous' | 'user' | 'driver';
/** Server info: still loading in the background, loaded, or not reachable. */
export type ServerView = 'loading' | 'ready' | 'failed';

export interface GuardInput {
  pathname: string;
  search: string;
  session: SessionView;
  server: ServerView;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Check the session and load the user's data, then decide again. */
  | { kind: 'check-session' }
  | { kind: 'redirect'; to: string };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** SPEC §2 route guard, as a pure function of where the user is going and what is known. */
export function decideRoute({ pathname, search, session, server }: GuardInput): GuardDecision {
  const route = routeFor(pathname);
  if (!route) return redirect(HOME_PATH);
  // 1. The maintenance route is always allowed.
  if (route.access === 'always') return allow;
  // 2. Server info loads in the background; if it cannot, everyone goes to maintenance.
  if (server === 'failed') return redirect(MAINTENANCE_PATH);
  if (route.access === 'public') return allow;
  if (session === 'user') return allow;
  // SPEC §6: a QR driver only gets the driver screens.
  if (session === 'driver') return route.access === 'driver' ? allow : redirect(DRIVER_HOME_PATH);
  // 3. Otherwise the session is checked (and the user's data loaded) before the route opens.
  if (session === 'unknown') return { kind: 'check-session' };
  // 4. No session: log in, then come back here.
  const loginPath = route.access === 'driver' ? DRIVER_LOGIN_PATH : LOGIN_PATH;
  return redirect(`${loginPath}?to=${encodeURIComponent(`${pathname}${search}`)}`);
}

/** Only same-site, non-login paths are followed after login, so `?to=` cannot send a user elsewhere. */
export function safeReturnPath(to: string | null, fallback: string = HOME_PATH): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  const pathname = to.split(/[?#]/)[0] ?? '';
  const route = routeFor(pathname);
  return route && route.access !== 'public' && route.access !== 'always' ? to : fallback;
}
