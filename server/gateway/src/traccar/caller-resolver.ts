import { createHash } from 'node:crypto';
import { userSchema, type User } from '@rastro/shared/contract';
import { authorizationLogin } from './authorization';
import type { Credentials, TraccarClient } from './traccar-client';

/** Long enough to spare Traccar a session check per request, short enough that a logout or a changed permission shows quickly. */
const DEFAULT_TTL_MS = 5_000;

/** How the tracking server is asked who holds some credentials, and under which key the answer is remembered. */
interface Question {
  key: string;
  ask: () => Promise<Response>;
}

/**
 * Who is calling, as the tracking server says, cached briefly per credential. The gateway never
 * decides identity on its own.
 *
 * Traccar's `GET /api/session` answers from its HTTP session (the cookie) or a `?token=` only, never
 * from an Authorization header: so a cookie is asked there, a Bearer token through the token login
 * (`GET /api/session?token=`) and Basic credentials through the form login (`POST /api/session`),
 * the two logins Traccar itself offers. The sessions those logins open are left to expire.
 */
export class CallerResolver {
  private readonly cache = new Map<string, { user: User | null; expiresAt: number }>();

  constructor(
    private readonly client: TraccarClient,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /** The signed-in user, or null without a (valid) session, token or password. */
  async resolve(credentials: Credentials): Promise<User | null> {
    const question = this.questionFor(credentials);
    return question ? this.remembered(question) : null;
  }

  /** The user of a Traccar token (a socket's `?token=`), or null when it is not valid. */
  async resolveToken(token: string): Promise<User | null> {
    return token ? this.remembered(this.tokenQuestion(token)) : null;
  }

  /** Forget what is known of these credentials (after a logout through the gateway). */
  forget(credentials: Credentials): void {
    const question = this.questionFor(credentials);
    if (question) this.cache.delete(question.key);
  }

  private questionFor({ cookie, authorization }: Credentials): Question | null {
    if (cookie) return { key: `cookie\n${cookie}`, ask: () => this.client.send({ path: '/api/session', credentials: { cookie } }) };
    const login = authorizationLogin(authorization);
    if (!login) return null;
    return 'token' in login ? this.tokenQuestion(login.token) : this.passwordQuestion(login);
  }

  private tokenQuestion(token: string): Question {
    return { key: `token\n${token}`, ask: () => this.client.send({ path: `/api/session?token=${encodeURIComponent(token)}` }) };
  }

  /** Basic credentials, asked as the login form; the key is a digest so no password stays in memory. */
  private passwordQuestion(form: { email: string; password: string }): Question {
    return {
      key: `basic\n${createHash('sha256').update(`${form.email}:${form.password}`).digest('base64')}`,
      ask: () => this.client.send({ method: 'POST', path: '/api/session', form }),
    };
  }

  private async remembered({ key, ask }: Question): Promise<User | null> {
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.user;

    const response = await ask();
    const user = response.status === 200 ? userSchema.parse(await response.json()) : null;
    if (response.status !== 200) await response.body?.cancel();
    this.cache.set(key, { user, expiresAt: Date.now() + this.ttlMs });
    if (this.cache.size > 10_000) this.evictExpired();
    return user;
  }

  private evictExpired(): void {
    const now = Date.now();
    for (const [key, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(key);
  }
}
