import { userSchema, type User } from '@rastro/shared/contract';
import type { Credentials, TraccarClient } from './traccar-client';

/** Long enough to spare Traccar a session check per request, short enough that a logout or a changed permission shows quickly. */
const DEFAULT_TTL_MS = 5_000;

/**
 * Who is calling: the tracking server's `GET /api/session` with the browser's credentials, cached
 * briefly per credential. The gateway never decides identity on its own.
 */
export class CallerResolver {
  private readonly cache = new Map<string, { user: User | null; expiresAt: number }>();

  constructor(
    private readonly client: TraccarClient,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /** The signed-in user, or null without a (valid) session. */
  async resolve(credentials: Credentials): Promise<User | null> {
    if (!credentials.cookie && !credentials.authorization) return null;
    return this.remembered(`${credentials.cookie ?? ''}\n${credentials.authorization ?? ''}`, () => this.client.send({ path: '/api/session', credentials }));
  }

  /**
   * The user of a Traccar token (a socket's `?token=`), or null when it is not valid. Asked as
   * Traccar's own token login (`GET /api/session?token=`): Traccar's GET /api/session reads only
   * its session, never a Bearer header. The session that login opens is left to expire.
   */
  async resolveToken(token: string): Promise<User | null> {
    if (!token) return null;
    return this.remembered(`token\n${token}`, () => this.client.send({ path: `/api/session?token=${encodeURIComponent(token)}` }));
  }

  /** Forget what is known of these credentials (after a logout through the gateway). */
  forget(credentials: Credentials): void {
    this.cache.delete(`${credentials.cookie ?? ''}\n${credentials.authorization ?? ''}`);
  }

  private async remembered(key: string, ask: () => Promise<Response>): Promise<User | null> {
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
