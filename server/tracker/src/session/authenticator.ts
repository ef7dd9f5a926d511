import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsersRepository } from '../db/users-repository';
import type { VersionedCache } from '../db/versioned-cache';
import type { UserRecord } from '../entities/user';
import { readCookie, setSessionCookie } from '../http/cookies';
import { badRequest, unauthorized } from '../http/errors';
import { verifyPassword } from './password';
import { SESSION_COOKIE, type SessionStore } from './session-store';
import type { TokenStore } from './token-store';

/** Why a user with the right password may still not sign in (Traccar's texts, answered with 400). */
export function loginRefusal(user: UserRecord, now = new Date()): string | null {
  if (user.disabled) return 'User is disabled';
  if (user.expirationTime && user.expirationTime <= now) return 'User has expired';
  return null;
}

/**
 * Who is calling: the JSESSIONID cookie, a Bearer token or Basic credentials, as Traccar accepts
 * on every request but `GET /api/session` (see sessionUser) and the websocket (see socketUser).
 * Disabled and expired users are treated as anonymous.
 */
export class Authenticator {
  /** Who each request turned out to be (for the audit log and the statistics). */
  private readonly callers = new WeakMap<FastifyRequest, number>();

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
    private readonly tokens: TokenStore,
    /** Users by id, kept while the configuration is unchanged (every request reads its caller). */
    private readonly userCache?: VersionedCache<number, UserRecord | null>,
  ) {}

  /** The caller, or null when anonymous. */
  async currentUser(request: FastifyRequest): Promise<UserRecord | null> {
    return this.remember(request, await this.usable(await this.userIdFromRequest(request)));
  }

  /** The user a request was authenticated as (or logged out), once a route has asked; else null. */
  callerOf(request: FastifyRequest): number | null {
    return this.callers.get(request) ?? null;
  }

  private remember(request: FastifyRequest, user: UserRecord | null): UserRecord | null {
    if (user) this.callers.set(request, user.id);
    return user;
  }

  /** Keeps the request's browser session (its cookie) alive until the returned release is called. */
  holdSessionForSocket(request: FastifyRequest): () => void {
    return this.sessions.holdForSocket(readCookie(request, SESSION_COOKIE));
  }

  /**
   * The user of the browser session (the cookie) alone, as Traccar's `GET /api/session` reads it:
   * a Bearer token or Basic credentials there are ignored, so a caller must log in to get a session.
   */
  async sessionUser(request: FastifyRequest): Promise<UserRecord | null> {
    return this.remember(request, await this.usable(this.sessions.userIdOf(readCookie(request, SESSION_COOKIE))));
  }

  /**
   * The user of a websocket upgrade, as Traccar's AsyncSocketServlet reads it: a `?token=` when
   * there is one (a wrong one is nobody, whatever the cookie), else the session cookie. The
   * Authorization header is ignored there.
   */
  async socketUser(request: FastifyRequest): Promise<UserRecord | null> {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (token !== undefined) return this.usable(typeof token === 'string' ? this.tokens.userIdOf(token) : null);
    return this.sessionUser(request);
  }

  /** The caller, or a 401 as Traccar's security filter answers. */
  async requireUser(request: FastifyRequest): Promise<UserRecord> {
    const user = await this.currentUser(request);
    if (!user) throw unauthorized();
    return user;
  }

  /** Checks email-or-login and password: the user, null for wrong credentials, or a 400 refusal. */
  async login(identity: string | undefined, password: string | undefined): Promise<UserRecord | null> {
    if (!identity || !password) return null;
    const user = await this.users.findByEmailOrLogin(identity);
    if (!user || !(await verifyPassword(password, user.hashedPassword))) return null;
    const refusal = loginRefusal(user);
    if (refusal) throw badRequest(refusal);
    return user;
  }

  /** Opens a browser session: the cookie Traccar (Jetty) sets. */
  startSession(reply: FastifyReply, userId: number): void {
    this.callers.set(reply.request, userId);
    setSessionCookie(reply, SESSION_COOKIE, this.sessions.create(userId));
  }

  endSession(request: FastifyRequest): void {
    const sessionId = readCookie(request, SESSION_COOKIE);
    const userId = this.sessions.userIdOf(sessionId);
    if (userId !== null) this.callers.set(request, userId);
    this.sessions.destroy(sessionId);
  }

  private async usable(userId: number | null): Promise<UserRecord | null> {
    if (userId === null) return null;
    const user = this.userCache ? await this.userCache.get(userId, () => this.users.findById(userId)) : await this.users.findById(userId);
    return user && !loginRefusal(user) ? user : null;
  }

  private async userIdFromRequest(request: FastifyRequest): Promise<number | null> {
    const fromCookie = this.sessions.userIdOf(readCookie(request, SESSION_COOKIE));
    if (fromCookie !== null) return fromCookie;

    const authorization = request.headers.authorization ?? '';
    const [scheme, credentials] = authorization.split(' ', 2);
    if (scheme?.toLowerCase() === 'bearer') return this.tokens.userIdOf(credentials);
    if (scheme?.toLowerCase() === 'basic' && credentials) {
      const decoded = Buffer.from(credentials, 'base64').toString('utf8');
      const separator = decoded.indexOf(':');
      const user = await this.login(decoded.slice(0, separator), decoded.slice(separator + 1)).catch(() => null);
      return user?.id ?? null;
    }
    return null;
  }
}
