import { randomBytes } from 'node:crypto';

/** Traccar's default when `POST /api/session/token` gets no expiration: one week. */
export const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 3600_000;

/**
 * API tokens (`?token=` logins and `Authorization: Bearer`). Traccar signs them instead of storing
 * them; an in-memory table is enough here, at the price of losing them on restart.
 */
export class TokenStore {
  private readonly tokens = new Map<string, { userId: number; expiresAt: Date }>();

  issue(userId: number, expiresAt: Date): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { userId, expiresAt });
    return token;
  }

  /** Makes a token unusable (a password-reset token works once). */
  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** The user behind a valid, unexpired token, else null. */
  userIdOf(token: string | undefined, now = new Date()): number | null {
    const entry = token ? this.tokens.get(token) : undefined;
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.tokens.delete(token as string);
      return null;
    }
    return entry.userId;
  }
}
