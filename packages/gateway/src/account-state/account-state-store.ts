import type { Database } from '@rastro/db';
import { z } from 'zod';

export const accountStateSchema = z.object({
  state: z.enum(['active', 'suspended']),
  /** Why the account was suspended (an overdue invoice…); null when active. */
  reason: z.string().trim().min(1).max(500).nullable(),
});
export type AccountState = z.infer<typeof accountStateSchema>;

const ACTIVE: AccountState = { state: 'active', reason: null };
const CACHE_MS = 2_000;

/** rastro_account_states: a user without a row is active. Reads are kept a moment (every /api request asks). */
export class AccountStateStore {
  private readonly cache = new Map<number, { at: number; state: AccountState }>();

  constructor(private readonly db: Database) {}

  async get(userId: number): Promise<AccountState> {
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.state;
    const [row] = await this.db.query<{ state: AccountState['state']; reason: string | null }>('SELECT state, reason FROM rastro_account_states WHERE user_id = $1', [userId]);
    const state = row ? { state: row.state, reason: row.reason } : ACTIVE;
    this.cache.set(userId, { at: Date.now(), state });
    if (this.cache.size > 10_000) this.cache.clear();
    return state;
  }

  async set(userId: number, state: AccountState, by: number): Promise<void> {
    await this.db.query(
      `INSERT INTO rastro_account_states (user_id, state, reason, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [userId, state.state, state.state === 'active' ? null : state.reason, by],
    );
    this.cache.delete(userId);
  }
}
