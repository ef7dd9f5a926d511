import { createHash } from 'node:crypto';
import { userSchema, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { authorizationLogin } from './authorization';
import { sessionCookieOf, type Credentials, type TraccarClient } from './traccar-client';
import { endTrackerSession } from './tracker-sessions';

/** Long enough to spare Traccar a session check per request, short enough that a logout or a changed permission shows quickly. */
const DEFAULT_TTL_MS = 5_000;

/** How the tracking server is asked who holds some credentials, and under which key the answer is remembered. */
interface Question {
  key: string;
  ask: () => Promise<Response>;
  /** A login (token or password): the session it opens is the gateway's to end, never a browser's. */
  login?: true;
}

/**
 * Traccar's own rule (its checkDisabled): a disabled or expired account names nobody, whichever
 * credential asks. Kept here too because a tracking server's token login may not apply it (issue
 * 14's role matrix: an expired user's API token still wrote through the product API).
 */
function activeAccount(user: User): User | null {
  if (user.disabled) return null;
  if (user.expirationTime && new Date(user.expirationTime).getTime() <= Date.now()) return null;
  return user;
}

/** The name of the tracking server's session cookie (Jetty's). */
const SESSION_COOKIE = 'JSESSIONID';

/**
 * Credentials that do not name one caller: 401. Traccar reads the Authorization header first and the
 * session cookie only without one, the tracker the cookie first: whichever the tracking server
 * picks, it must be the user the gateway judged, so every credential present has to name that user.
 */
export class AmbiguousCredentialsError extends ApiError {
  constructor() {
    super(401, 'USER_NOT_AUTHED', 'The request carries credentials of different users, or one that names nobody: send one');
    this.name = 'AmbiguousCredentialsError';
  }
}

/** The values of the session cookie in a Cookie header (a header may repeat it). */
export function sessionCookieValues(cookie: string | undefined): string[] {
  const values = (cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    .map((pair) => pair.slice(SESSION_COOKIE.length + 1));
  return [...new Set(values)];
}

/**
 * The credentials a request may carry on to the tracking server once `caller` is known: exactly the
 * ones the gateway checked (the session cookie alone, not the header's other cookies; the
 * Authorization header), and none when they name nobody — the tracking server then answers an
 * anonymous request, as it would have, and never acts on a credential the gateway did not judge.
 */
export function checkedCredentials(credentials: Credentials, caller: User | null): Credentials {
  if (!caller) return {};
  const [session] = sessionCookieValues(credentials.cookie);
  return { ...(session === undefined ? {} : { cookie: `${SESSION_COOKIE}=${session}` }), ...(credentials.authorization ? { authorization: credentials.authorization } : {}) };
}

/**
 * Who is calling, as the tracking server says, cached briefly per credential. The gateway never
 * decides identity on its own. Each credential a request carries (the session cookie, the
 * Authorization header) is asked on its own; they must all name the same user, or the request is
 * refused (AmbiguousCredentialsError): a bogus cookie beside someone's password is no anonymous call.
 *
 * Traccar's `GET /api/session` answers from its HTTP session (the cookie) or a `?token=` only, never
 * from an Authorization header: so a cookie is asked there, a Bearer token through the token login
 * (`GET /api/session?token=`) and Basic credentials through the form login (`POST /api/session`),
 * the two logins Traccar itself offers. The session such a login opens is ended at once: Traccar keeps
 * an unused session for ever (its `web.sessionTimeout` is unset by default), and a script calling
 * with a token would otherwise leave one behind every few seconds.
 */
export class CallerResolver {
  private readonly cache = new Map<string, { user: User | null; expiresAt: number }>();

  constructor(
    private readonly client: TraccarClient,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /**
   * The signed-in user, or null when the request carries no credentials or none that names anyone
   * (see checkedCredentials: then none is forwarded). Throws AmbiguousCredentialsError when several
   * session cookies or credentials disagree, or one names nobody beside one that names a user.
   */
  async resolve(credentials: Credentials): Promise<User | null> {
    const questions = this.questionsFor(credentials);
    const users = await Promise.all(questions.map((question) => (question ? this.remembered(question) : null)));
    const named = users.filter((user): user is User => user !== null);
    if (named.length === 0) return null;
    if (named.length < users.length || named.some((user) => user.id !== named[0]!.id)) throw new AmbiguousCredentialsError();
    return named[0]!;
  }

  /** The user of a Traccar token (a socket's `?token=`), or null when it is not valid. */
  async resolveToken(token: string): Promise<User | null> {
    return token ? this.remembered(this.tokenQuestion(token)) : null;
  }

  /** Forget what is known of these credentials (after a logout through the gateway). */
  forget(credentials: Credentials): void {
    for (const question of this.questionsFor(credentials)) if (question) this.cache.delete(question.key);
  }

  /** One question per credential present; null for one that cannot name anybody (an unknown Authorization scheme). */
  private questionsFor({ cookie, authorization }: Credentials): Array<Question | null> {
    const sessions = sessionCookieValues(cookie).map((value): Question => {
      const only = `${SESSION_COOKIE}=${value}`;
      return { key: `cookie\n${only}`, ask: () => this.client.send({ path: '/api/session', credentials: { cookie: only } }) };
    });
    if (authorization === undefined || authorization.trim() === '') return sessions;
    const login = authorizationLogin(authorization);
    return [...sessions, login ? ('token' in login ? this.tokenQuestion(login.token) : this.passwordQuestion(login)) : null];
  }

  private tokenQuestion(token: string): Question {
    return { key: `token\n${token}`, ask: () => this.client.send({ path: `/api/session?token=${encodeURIComponent(token)}` }), login: true };
  }

  /** Basic credentials, asked as the login form; the key is a digest so no password stays in memory. */
  private passwordQuestion(form: { email: string; password: string }): Question {
    return {
      key: `basic\n${createHash('sha256').update(`${form.email}:${form.password}`).digest('base64')}`,
      ask: () => this.client.send({ method: 'POST', path: '/api/session', form }),
      login: true,
    };
  }

  private async remembered(question: Question): Promise<User | null> {
    const user = await this.answered(question);
    return user && activeAccount(user);
  }

  private async answered({ key, ask, login }: Question): Promise<User | null> {
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.user;

    const response = await ask();
    const user = response.status === 200 ? userSchema.parse(await response.json()) : null;
    if (response.status !== 200) await response.body?.cancel();
    const opened = login ? sessionCookieOf(response) : undefined;
    if (opened) await endTrackerSession(this.client, opened).catch(() => undefined);
    this.cache.set(key, { user, expiresAt: Date.now() + this.ttlMs });
    if (this.cache.size > 10_000) this.evictExpired();
    return user;
  }

  private evictExpired(): void {
    const now = Date.now();
    for (const [key, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(key);
  }
}
