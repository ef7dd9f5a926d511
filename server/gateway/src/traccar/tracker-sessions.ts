import { userSchema, type User } from '@rastro/shared/contract';
import { sessionCookieOf, type TraccarClient } from './traccar-client';

/** A session the gateway opened on the tracking server with someone's login and password. */
export interface TrackerSession {
  user: User;
  /** `JSESSIONID=…`, to act with it or end it. */
  cookie: string;
  /** The tracking server's Set-Cookie headers, to hand the session to a browser. */
  setCookie: string[];
}

/** Signs in as the tracking server's login does (`POST /api/session`); null when it refuses the credentials. */
export async function openTrackerSession(traccar: TraccarClient, email: string, password: string): Promise<TrackerSession | null> {
  const response = await traccar.send({ method: 'POST', path: '/api/session', form: { email, password } });
  const cookie = sessionCookieOf(response);
  if (response.status !== 200 || !cookie) {
    await response.body?.cancel();
    return null;
  }
  return { user: userSchema.parse(await response.json()), cookie, setCookie: response.headers.getSetCookie() };
}

/** Ends a session on the tracking server (`DELETE /api/session` with its cookie). */
export async function endTrackerSession(traccar: TraccarClient, cookie: string): Promise<void> {
  const response = await traccar.send({ method: 'DELETE', path: '/api/session', credentials: { cookie } });
  await response.body?.cancel();
}
