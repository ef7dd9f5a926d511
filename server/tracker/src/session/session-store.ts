import { randomBytes } from 'node:crypto';

/** Traccar's (Jetty's) session cookie. */
export const SESSION_COOKIE = 'JSESSIONID';

/**
 * Browser sessions, in memory: a restart logs everybody out, as a restarted Traccar does by
 * default. The cookie value is an unguessable id mapped to the user.
 */
export class SessionStore {
  private readonly sessions = new Map<string, number>();

  create(userId: number): string {
    const sessionId = `node0${randomBytes(18).toString('hex')}`;
    this.sessions.set(sessionId, userId);
    return sessionId;
  }

  userIdOf(sessionId: string | undefined): number | null {
    return sessionId ? (this.sessions.get(sessionId) ?? null) : null;
  }

  destroy(sessionId: string | undefined): void {
    if (sessionId) this.sessions.delete(sessionId);
  }
}
