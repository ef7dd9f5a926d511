import { userSchema } from '@rastro/shared/contract';
import { sessionCookieOf, TraccarCallError, type TraccarCall, type TraccarClient } from './traccar-client';
import { endTrackerSession, type TrackerSession } from './tracker-sessions';

export interface ServiceAccountCredentials {
  /** An administrator of the tracking server (email or login). */
  user: string;
  password: string;
}

/**
 * The gateway's own administrator session on the tracking server, for work no browser is behind:
 * server-wide device counts, shares (temporary users), automations. Logs in on first use and again
 * when the session has expired (one retry on 401).
 */
export class ServiceAccount {
  private cookie: Promise<string> | null = null;

  constructor(
    private readonly client: TraccarClient,
    private readonly credentials: ServiceAccountCredentials | null,
  ) {}

  get configured(): boolean {
    return this.credentials !== null;
  }

  async json<T>(call: Omit<TraccarCall, 'credentials'>): Promise<T> {
    try {
      return await this.client.json<T>({ ...call, credentials: { cookie: await this.session() } });
    } catch (error) {
      if (!(error instanceof TraccarCallError) || error.status !== 401) throw error;
      this.cookie = null;
      return this.client.json<T>({ ...call, credentials: { cookie: await this.session() } });
    }
  }

  /** The raw answer whatever its status, for callers that tell 200 from 202 (commands sent or queued). */
  async send(call: Omit<TraccarCall, 'credentials'>): Promise<Response> {
    const first = await this.client.send({ ...call, credentials: { cookie: await this.session() } });
    if (first.status !== 401) return first;
    await first.body?.cancel();
    this.cookie = null;
    return this.client.send({ ...call, credentials: { cookie: await this.session() } });
  }

  /** The session cookie, for what `json` cannot carry (the event websocket); `renew` after the server refused it. */
  sessionCookie(renew = false): Promise<string> {
    if (renew) this.cookie = null;
    return this.session();
  }

  /**
   * A session of its own for this user, to hand to a browser (the way back from "log in as"): a
   * fresh login of the service account that then logs in as the user, so the account's usual
   * session stays as it was. Null when the tracking server refuses (the user is gone or disabled).
   */
  async openSessionAs(userId: number): Promise<TrackerSession | null> {
    const fresh = await this.login();
    const response = await this.client.send({ method: 'POST', path: `/api/session/${userId}`, credentials: { cookie: fresh } });
    if (response.status !== 200) {
      await response.body?.cancel();
      await endTrackerSession(this.client, fresh);
      return null;
    }
    // Traccar keeps the session and names another user in it; the tracker opens a new one.
    const renewed = sessionCookieOf(response);
    const cookie = renewed ?? fresh;
    return { user: userSchema.parse(await response.json()), cookie, setCookie: renewed ? response.headers.getSetCookie() : [`${fresh}; Path=/; HttpOnly`] };
  }

  private session(): Promise<string> {
    this.cookie ??= this.login().catch((error: unknown) => {
      this.cookie = null;
      throw error;
    });
    return this.cookie;
  }

  private async login(): Promise<string> {
    if (!this.credentials) throw new Error('No service account: set TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD');
    const response = await this.client.send({
      method: 'POST',
      path: '/api/session',
      form: { email: this.credentials.user, password: this.credentials.password },
    });
    const cookie = sessionCookieOf(response);
    if (response.status !== 200 || !cookie) throw new TraccarCallError(response.status, await response.text(), '/api/session');
    return cookie;
  }
}
