import { randomBytes } from 'node:crypto';

/** Traccar's (Jetty's) session cookie. */
export const SESSION_COOKIE = 'JSESSIONID';

/**
 * How long a session may stay unused: Traccar's `web.sessionTimeout` (seconds, handed to Jetty's
 * setMaxInactiveInterval). Traccar leaves it unset, and Jetty then keeps sessions for ever; the
 * tracker uses the servlet containers' customary 30 minutes, so the sessions the gateway opens to
 * resolve Bearer and Basic callers do not pile up.
 */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;

/** How often, at most, creating a session also drops the expired ones. */
const SWEEP_INTERVAL_MS = 60_000;

interface Session {
  userId: number;
  lastAccess: number;
  /** Live sockets opened with this session: a session in use by one is never idle. */
  sockets: number;
}

/**
 * Browser sessions, in memory: a restart logs everybody out, as a restarted Traccar does by
 * default. The cookie value is an unguessable id mapped to the user; a session unused for the
 * idle timeout is gone, as Jetty's are.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private lastSweep = 0;

  constructor(
    private readonly idleTimeoutMs = DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    private readonly now: () => number = Date.now,
  ) {}

  create(userId: number): string {
    this.sweep();
    const sessionId = `node0${randomBytes(18).toString('hex')}`;
    this.sessions.set(sessionId, { userId, lastAccess: this.now(), sockets: 0 });
    return sessionId;
  }

  /** The session's user, which counts as a use of it; null when unknown or idle too long. */
  userIdOf(sessionId: string | undefined): number | null {
    const session = sessionId ? this.sessions.get(sessionId) : undefined;
    if (!session) return null;
    const now = this.now();
    if (this.expired(session, now)) {
      this.sessions.delete(sessionId as string);
      return null;
    }
    session.lastAccess = now;
    return session.userId;
  }

  /**
   * Keeps a session from going idle while a socket opened with it stays open (a map left open all
   * day sends no request, yet its user is plainly there); the idle clock restarts when it closes.
   * Returns the release; a no-op for an unknown session.
   */
  holdForSocket(sessionId: string | undefined): () => void {
    const session = sessionId ? this.sessions.get(sessionId) : undefined;
    if (!session) return () => {};
    session.sockets += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.sockets -= 1;
      session.lastAccess = this.now();
    };
  }

  destroy(sessionId: string | undefined): void {
    if (sessionId) this.sessions.delete(sessionId);
  }

  /** Open sessions (expired ones not yet swept included). */
  get size(): number {
    return this.sessions.size;
  }

  private expired(session: Session, now: number): boolean {
    return this.idleTimeoutMs > 0 && session.sockets === 0 && now - session.lastAccess > this.idleTimeoutMs;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [id, session] of this.sessions) if (this.expired(session, now)) this.sessions.delete(id);
  }
}
