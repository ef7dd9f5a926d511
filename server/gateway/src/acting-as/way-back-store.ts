import { createHash, randomBytes } from 'node:crypto';
import { toDate, toNumber, type Database } from '@rastro/db';

/** What a way back leads to: the account that used "log in as", from the session it opened. */
export interface WayBackEntry {
  /** The account to go back to. */
  userId: number;
  /** Whom the session acts as. */
  actingUserId: number;
  sessionHash: string;
  expiresAt: Date;
}

interface WayBackRow {
  user_id: unknown;
  acting_user_id: unknown;
  session_hash: string;
  expires_at: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash a session is known by here: of its session cookie's value, never the cookie itself. */
export const sessionHashOf = (sessionId: string) => sha256(`session\n${sessionId}`);

/** rastro_way_backs (see ./way-backs-schema.ts): kept in the database, so any gateway of a cluster takes the way back. */
export class WayBackStore {
  constructor(private readonly db: Database) {}

  /** A new way back; the token is returned once and kept only as its hash. */
  async issue(entry: WayBackEntry): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query('DELETE FROM rastro_way_backs WHERE expires_at < now()');
    await this.db.query('INSERT INTO rastro_way_backs (token_hash, user_id, acting_user_id, session_hash, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      sha256(token),
      entry.userId,
      entry.actingUserId,
      entry.sessionHash,
      entry.expiresAt.toISOString(),
    ]);
    return token;
  }

  /** Takes a way back out, so that it works once whatever follows; null when unknown, used or expired. */
  async take(token: string, now = new Date()): Promise<WayBackEntry | null> {
    const [row] = await this.db.query<WayBackRow>('DELETE FROM rastro_way_backs WHERE token_hash = $1 RETURNING user_id, acting_user_id, session_hash, expires_at', [sha256(token)]);
    if (!row) return null;
    const entry = { userId: toNumber(row.user_id), actingUserId: toNumber(row.acting_user_id), sessionHash: row.session_hash, expiresAt: toDate(row.expires_at) as Date };
    return entry.expiresAt > now ? entry : null;
  }

  /** The session signed out: its ways back go with it. */
  async endSession(sessionHash: string): Promise<void> {
    await this.db.query('DELETE FROM rastro_way_backs WHERE session_hash = $1', [sessionHash]);
  }
}
