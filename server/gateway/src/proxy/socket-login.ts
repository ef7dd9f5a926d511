import type { IncomingMessage } from 'node:http';
import { authorizationLogin } from '../traccar/authorization';
import type { Credentials, TraccarClient } from '../traccar/traccar-client';
import { endTrackerSession, openTrackerSession } from '../traccar/tracker-sessions';

/** What the tracking server answers a socket without a session with; a wrong Basic password gets it too. */
export const NO_SESSION = 401;

/**
 * What the tracking server's socket is dialled with for a browser's. Traccar's AsyncSocketServlet
 * reads a `?token=` first, else the HTTP session of the JSESSIONID cookie, and never Authorization.
 */
export interface SocketLogin {
  /** Put on the upstream URL as `?token=`. */
  token?: string;
  /** Sent upstream as the Cookie header. */
  cookie?: string;
  /** Ends the session the gateway opened for this socket (a Basic login); idempotent, never throws. */
  release(): void;
}

const keep = (): void => undefined;

function hasSessionCookie(cookie: string | undefined): cookie is string {
  return /(?:^|;)\s*JSESSIONID=/.test(cookie ?? '');
}

/**
 * The upstream login of a browser's socket: its own `?token=` (read first, as Traccar does), else
 * its session cookie, else its `Authorization` turned into what Traccar reads — a Bearer token as
 * `?token=`, a Basic password as a session opened with the form login (ended with the socket).
 * Without any of them its cookies pass as they are and the tracking server refuses. Resolves with
 * a status instead when the Basic password is refused; rejects when the tracking server is down.
 */
export async function socketLogin(request: IncomingMessage, traccar: TraccarClient): Promise<SocketLogin | { refuse: number }> {
  const cookie = request.headers.cookie;
  const token = new URL(request.url ?? '/', 'http://gateway').searchParams.get('token');
  // The socket is relayed as the token's user alone: a cookie beside it is not sent on, since the
  // gateway judged (admitted) the token, never the cookie.
  if (token !== null) return { token, release: keep };
  const login = hasSessionCookie(cookie) ? null : authorizationLogin(request.headers.authorization);
  if (!login) return { cookie, release: keep };
  if ('token' in login) return { token: login.token, release: keep };

  const session = await openTrackerSession(traccar, login.email, login.password);
  if (!session) return { refuse: NO_SESSION };
  let open = true;
  return {
    cookie: session.cookie,
    release: () => {
      if (!open) return;
      open = false;
      // Left to expire on the tracking server when this fails: nothing else holds the cookie.
      endTrackerSession(traccar, session.cookie).catch(keep);
    },
  };
}

/** Who the socket is, as the gateway asks the tracking server (CallerResolver): its token as Bearer, else its cookie. */
export function socketCaller({ token, cookie }: SocketLogin): Credentials {
  if (token !== undefined) return { authorization: `Bearer ${token}` };
  return cookie ? { cookie } : {};
}
