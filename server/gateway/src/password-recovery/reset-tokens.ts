import { createHash, randomBytes } from 'node:crypto';
import { toNumber, type Database } from '@rastro/db';

const HOUR_MS = 60 * 60 * 1000;
// 256 random bits: guessing one is hopeless even with every token of every user live at once.
const TOKEN_BYTES = 32;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Password recovery tokens in `rastro_password_resets`: random, one-time, expiring (1 hour by default). */
export class ResetTokens {
  constructor(
    private readonly db: Database,
    private readonly ttlMs = HOUR_MS,
  ) {}

  /** A new token for the user; the caller mails it and forgets it. */
  async issue(userId: number): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    // Expired rows are of no use to anyone; a day's grace keeps "expired" distinguishable in logs.
    await this.db.query("DELETE FROM rastro_password_resets WHERE expires_at < now() - interval '1 day'");
    await this.db.query("INSERT INTO rastro_password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')", [
      hashOf(token),
      userId,
      this.ttlMs,
    ]);
    return token;
  }

  /**
   * Takes a live token, atomically, so two uses racing each other cannot both win: the user it was
   * issued for, or null for a token unknown, expired or already used.
   */
  async claim(token: string): Promise<number | null> {
    const [row] = await this.db.query<{ user_id: unknown }>(
      'UPDATE rastro_password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
      [hashOf(token)],
    );
    return row ? toNumber(row.user_id) : null;
  }

  /** Gives a claimed token back (the password could not be set), so the user can try again. */
  async release(token: string): Promise<void> {
    await this.db.query('UPDATE rastro_password_resets SET used_at = NULL WHERE token_hash = $1', [hashOf(token)]);
  }

  /** After a successful reset: every other link mailed to this user stops working too. */
  async revokeAll(userId: number): Promise<void> {
    await this.db.query('UPDATE rastro_password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  }
}
