import { createHash } from 'node:crypto';
import { toNumber, type Database } from '@rastro/db';
import type { JobQueue } from '../jobs/job-queue';
import { ApiError } from '../product/api-errors';

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export const RATE_LIMIT_CLEANUP_JOB = 'rate-limit-cleanup';
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

// Every time comes from the database's clock, so gateways whose clocks disagree count one window.
const WINDOW_END = "now() + $2::bigint * interval '1 millisecond'";

/**
 * Fixed-window request counting in the gateway's database (rastro_rate_limits): one atomic
 * statement per hit, so several gateways sharing it count together. Keys are stored hashed (they
 * name addresses and logins); give each limiter its own key prefix.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly limit: RateLimit,
  ) {}

  /** Counts one request under `key`; over the limit, throws 429 TOO_MANY_REQUESTS with the seconds to wait. */
  async hit(key: string): Promise<void> {
    const [row] = await this.db.query<{ hits: unknown; wait_seconds: unknown }>(
      `INSERT INTO rastro_rate_limits AS counted (key, window_ends_at, hits) VALUES ($1, ${WINDOW_END}, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN counted.window_ends_at <= now() THEN 1 ELSE counted.hits + 1 END,
         window_ends_at = CASE WHEN counted.window_ends_at <= now() THEN ${WINDOW_END} ELSE counted.window_ends_at END
       RETURNING hits, ceil(extract(epoch FROM counted.window_ends_at - now()))::integer AS wait_seconds`,
      [hashKey(key), this.limit.windowMs],
    );
    if (toNumber(row?.hits) <= this.limit.max) return;
    throw new TooManyRequests(Math.max(1, toNumber(row?.wait_seconds)));
  }
}

/** 429, saying in `Retry-After` how many seconds are left of the window. */
export class TooManyRequests extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', `Too many attempts; try again in ${retryAfterSeconds} s`, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** Ended windows are forgotten hourly: a key's next hit starts a new window anyway. */
export async function registerRateLimitCleanup(db: Database, jobs: JobQueue): Promise<void> {
  await jobs.every(RATE_LIMIT_CLEANUP_JOB, CLEANUP_EVERY_MS, async () => {
    await db.query('DELETE FROM rastro_rate_limits WHERE window_ends_at <= now()');
  });
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
