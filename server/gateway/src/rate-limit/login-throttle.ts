import { createHash } from 'node:crypto';
import { toNumber, type Database } from '@rastro/db';
import type { JobQueue } from '../jobs/job-queue';
import { TooManyRequests } from './rate-limiter';

/** How many failures a key may have before each further one blocks it, and the longest block. */
export interface ThrottleScope {
  free: number;
  maxBlockMs: number;
}

export interface LoginThrottleLimits {
  /** One account from one address: the guessing attacker. Few free failures, blocks growing to 15 min. */
  pair: ThrottleScope;
  /** One account from anywhere: more free failures and short blocks, so nobody locks a real user out for long. */
  account: ThrottleScope;
  /** One address, any account (credential stuffing, token guessing). */
  address: ThrottleScope;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  pair: { free: 5, maxBlockMs: 15 * 60_000 },
  account: { free: 20, maxBlockMs: 60_000 },
  address: { free: 100, maxBlockMs: 15 * 60_000 },
};

/** The first block lasts this long; each further failure doubles it, up to the scope's maximum. */
const FIRST_BLOCK_MS = 1_000;
/** Failures older than this are forgotten: the count starts again. */
const FORGET_AFTER_MS = 15 * 60_000;
export const LOGIN_FAILURES_CLEANUP_JOB = 'login-failures-cleanup';

/** Who tries: the login named (lower-cased) when there is one, and the client's address. */
export interface LoginAttempt {
  login?: string;
  address: string;
}

type Keyed = { key: string; scope: ThrottleScope; pair?: true };

const hashed = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Failed-login limits kept in the gateway's database (rastro_login_failures), so every gateway
 * sharing it counts together (OWASP ASVS 2.2.1). Each failure past a scope's free ones blocks the
 * key for a growing while (1 s, 2 s, 4 s… up to the scope's maximum); a success clears the
 * account-and-address pair. All times are the database's.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /** Throws 429 TOO_MANY_REQUESTS (Retry-After) while any of the attempt's keys is blocked. */
  async check(attempt: LoginAttempt): Promise<void> {
    const keys = this.keysOf(attempt).map(({ key }) => key);
    const [row] = await this.db.query<{ wait_seconds: unknown }>(
      `SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::integer AS wait_seconds
       FROM rastro_login_failures WHERE key IN (${keys.map((_, index) => `$${index + 1}`).join(', ')}) AND blocked_until > now()`,
      keys,
    );
    const wait = toNumber(row?.wait_seconds);
    if (wait > 0) throw new TooManyRequests(wait);
  }

  async failed(attempt: LoginAttempt): Promise<void> {
    for (const { key, scope } of this.keysOf(attempt)) {
      await this.db.query(
        `INSERT INTO rastro_login_failures AS counted (key, failures, last_failure_at) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN counted.last_failure_at < now() - $2::bigint * interval '1 millisecond' THEN 1 ELSE counted.failures + 1 END,
           last_failure_at = now()`,
        [key, FORGET_AFTER_MS],
      );
      // Past the free failures: blocked for FIRST_BLOCK_MS · 2^(failures − free), at most the scope's maximum.
      await this.db.query(
        `UPDATE rastro_login_failures SET blocked_until = now() + least($2::bigint, $3::bigint * power(2, least(failures - $4::integer, 30))::bigint) * interval '1 millisecond'
         WHERE key = $1 AND failures >= $4::integer`,
        [key, scope.maxBlockMs, FIRST_BLOCK_MS, scope.free],
      );
    }
  }

  /** A successful login clears its account-and-address count (not the account's: others may be guessing it). */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const pair = this.keysOf(attempt).find((keyed) => keyed.pair);
    if (pair) await this.db.query('DELETE FROM rastro_login_failures WHERE key = $1', [pair.key]);
  }

  private keysOf({ login, address }: LoginAttempt): Keyed[] {
    const keys: Keyed[] = [{ key: hashed(`address\n${address}`), scope: this.limits.address }];
    if (login) {
      const account = login.trim().toLowerCase();
      keys.push({ key: hashed(`account\n${account}`), scope: this.limits.account }, { key: hashed(`pair\n${account}\n${address}`), scope: this.limits.pair, pair: true });
    }
    return keys;
  }
}

/** Counts older than FORGET_AFTER_MS that block nothing are removed hourly. */
export async function registerLoginFailuresCleanup(db: Database, jobs: JobQueue): Promise<void> {
  await jobs.every(LOGIN_FAILURES_CLEANUP_JOB, 60 * 60_000, async () => {
    await db.query(
      `DELETE FROM rastro_login_failures WHERE last_failure_at < now() - $1::bigint * interval '1 millisecond' AND (blocked_until IS NULL OR blocked_until <= now())`,
      [FORGET_AFTER_MS],
    );
  });
}
