import { toDate, type Database } from '@rastro/db';
import type { AccountState, AccountStateUpdate } from '@rastro/shared/contract';

interface AccountStateRow {
  state: AccountState['state'];
  reason: string | null;
  trust_ends_at: unknown;
  trust_unlock_used_at: unknown;
}

const ACTIVE: AccountState = { state: 'active', reason: null, trustEndsAt: null, trustUnlockUsedAt: null };
const CACHE_MS = 2_000;
const MS = "* interval '1 millisecond'";
// A trust period that has ended is the suspension it interrupted, even before the job records it.
const EFFECTIVE_STATE = "CASE WHEN state = 'active' AND trust_ends_at <= now() THEN 'suspended' ELSE state END";

const isoOrNull = (value: unknown) => toDate(value)?.toISOString() ?? null;

/**
 * rastro_account_states: a user without a row is active. A suspension lasts until an administrator
 * reactivates the account; within it, one trust unlock may make it active until `trust_ends_at`.
 * An active state is kept a moment (every /api request asks); a suspension is read anew each time,
 * so a reactivation through another gateway lets the user in at once, not when its notice arrives.
 * Times come from the database's clock.
 */
export class AccountStateStore {
  private readonly cache = new Map<number, { at: number; state: AccountState }>();

  constructor(private readonly db: Database) {}

  async get(userId: number): Promise<AccountState> {
    const cached = this.cache.get(userId);
    if (cached && cached.state.state === 'active' && Date.now() - cached.at < CACHE_MS) return cached.state;
    const [row] = await this.db.query<AccountStateRow>(`SELECT ${EFFECTIVE_STATE} AS state, reason, trust_ends_at, trust_unlock_used_at FROM rastro_account_states WHERE user_id = $1`, [userId]);
    const state = row ? { state: row.state, reason: row.reason, trustEndsAt: row.state === 'active' ? isoOrNull(row.trust_ends_at) : null, trustUnlockUsedAt: isoOrNull(row.trust_unlock_used_at) } : ACTIVE;
    this.cache.set(userId, { at: Date.now(), state });
    if (this.cache.size > 10_000) this.cache.clear();
    return state;
  }

  /** Reads the user's state anew next time (another gateway changed it). */
  forget(userId: number): void {
    this.cache.delete(userId);
  }

  /**
   * An administrator's change. Reactivating ends the suspension: a later one may be trusted again.
   * Suspending (again) ends any trust period, and keeps a trust unlock this suspension already used.
   */
  async set(userId: number, update: AccountStateUpdate, by: number | null): Promise<void> {
    await this.db.query(
      `INSERT INTO rastro_account_states AS current (user_id, state, reason, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, updated_by = EXCLUDED.updated_by, updated_at = now(),
         trust_ends_at = NULL,
         trust_unlock_used_at = CASE WHEN EXCLUDED.state = 'active' THEN NULL ELSE current.trust_unlock_used_at END`,
      [userId, update.state, update.state === 'active' ? null : update.reason, by],
    );
    this.cache.delete(userId);
  }

  /**
   * Uses the suspension's one trust unlock: active for `periodMs`, the reason kept for when it
   * ends. One statement, so two simultaneous unlocks cannot both pass. When the trust period ends,
   * or null when the account is not suspended or its trust unlock is used.
   */
  async startTrust(userId: number, periodMs: number, by: number): Promise<Date | null> {
    const [row] = await this.db.query<{ trust_ends_at: unknown }>(
      `UPDATE rastro_account_states SET state = 'active', trust_unlock_used_at = now(), trust_ends_at = now() + $2::bigint ${MS}, updated_by = $3, updated_at = now()
       WHERE user_id = $1 AND state = 'suspended' AND trust_unlock_used_at IS NULL RETURNING trust_ends_at`,
      [userId, Math.round(periodMs), by],
    );
    this.cache.delete(userId);
    return row ? toDate(row.trust_ends_at) : null;
  }

  /** The suspension resumes once the trust period has ended: its reason, or null when there was nothing to end. */
  async endTrustIfDue(userId: number): Promise<{ reason: string | null } | null> {
    const [row] = await this.db.query<{ reason: string | null }>(
      `UPDATE rastro_account_states SET state = 'suspended', trust_ends_at = NULL, updated_by = NULL, updated_at = now()
       WHERE user_id = $1 AND state = 'active' AND trust_ends_at <= now() RETURNING reason`,
      [userId],
    );
    this.cache.delete(userId);
    return row ? { reason: row.reason } : null;
  }
}
