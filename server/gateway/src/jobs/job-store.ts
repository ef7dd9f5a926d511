import { toNumber, type Database } from '@rastro/db';

/** A job this worker has claimed and now holds the lease on. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  /** 1 on the first run, counting this one. */
  attempt: number;
  maxAttempts: number;
  /** Set for recurring jobs. */
  everyMs: number | null;
  /** Set for keyed one-off jobs (enqueueOnce). */
  uniqueKey: string | null;
}

interface JobRow {
  id: unknown;
  name: string;
  payload: unknown;
  attempts: unknown;
  max_attempts: unknown;
  every_ms: unknown;
  unique_key: string | null;
}

// Every time comes from the database's clock, so gateways whose clocks disagree still agree on what is due.
const MS = "* interval '1 millisecond'";

/** The SQL of the job queue (rastro_jobs, see ./jobs-schema.ts). */
export class JobStore {
  constructor(private readonly db: Database) {}

  async insert(name: string, payload: unknown, delayMs: number, maxAttempts: number): Promise<number> {
    const [row] = await this.db.query<{ id: unknown }>(
      `INSERT INTO rastro_jobs (name, payload, run_at, max_attempts) VALUES ($1, $2::jsonb, now() + $3::bigint ${MS}, $4) RETURNING id`,
      [name, JSON.stringify(payload ?? {}), Math.max(0, Math.round(delayMs)), maxAttempts],
    );
    return toNumber(row?.id);
  }

  /** Like insert, unless a job with this key exists (pending, running, failed or done): then null. */
  async insertOnce(key: string, name: string, payload: unknown, delayMs: number, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db.query<{ id: unknown }>(
      `INSERT INTO rastro_jobs (name, payload, run_at, max_attempts, unique_key) VALUES ($1, $2::jsonb, now() + $3::bigint ${MS}, $4, $5)
       ON CONFLICT (unique_key) DO NOTHING RETURNING id`,
      [name, JSON.stringify(payload ?? {}), Math.max(0, Math.round(delayMs)), maxAttempts, key],
    );
    return row ? toNumber(row.id) : null;
  }

  /** Forgets the keyed job unless it is running now; true when it had not run yet. */
  async cancel(key: string): Promise<boolean> {
    const rows = await this.db.query<{ pending: unknown }>(
      `DELETE FROM rastro_jobs WHERE unique_key = $1 AND (locked_until IS NULL OR locked_until < now())
       RETURNING (done_at IS NULL AND failed_at IS NULL) AS pending`,
      [key],
    );
    return rows.some((row) => row.pending === true);
  }

  /**
   * Registers a recurring schedule once across all gateways. A changed interval takes over, and
   * a next run that a shorter interval would have come earlier is brought forward.
   */
  async upsertSchedule(name: string, everyMs: number, maxAttempts: number): Promise<void> {
    await this.db.query(
      `INSERT INTO rastro_jobs (name, schedule_key, every_ms, max_attempts) VALUES ($1, $1, $2, $3)
       ON CONFLICT (schedule_key) DO UPDATE SET every_ms = EXCLUDED.every_ms, max_attempts = EXCLUDED.max_attempts,
         run_at = LEAST(rastro_jobs.run_at, now() + EXCLUDED.every_ms ${MS})`,
      [name, everyMs, maxAttempts],
    );
  }

  /**
   * Claims up to `limit` due jobs among `names` in one statement. SKIP LOCKED lets concurrent
   * claimers pass over rows another transaction is claiming instead of waiting for (and then
   * re-claiming) them; the lease check keeps a claimed job from being taken again while it runs.
   */
  async claim(workerId: string, names: readonly string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    if (names.length === 0) return [];
    const rows = await this.db.query<JobRow>(
      `UPDATE rastro_jobs SET locked_by = $1, locked_until = now() + $2::bigint ${MS}, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM rastro_jobs
         WHERE failed_at IS NULL AND done_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now()) AND name = ANY($3::text[])
         ORDER BY run_at, id LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, name, payload, attempts, max_attempts, every_ms, unique_key`,
      [workerId, leaseMs, [...names], limit],
    );
    return rows.map((row) => ({
      id: toNumber(row.id),
      name: row.name,
      payload: row.payload,
      attempt: toNumber(row.attempts),
      maxAttempts: toNumber(row.max_attempts),
      everyMs: row.every_ms === null ? null : toNumber(row.every_ms),
      uniqueKey: row.unique_key ?? null,
    }));
  }

  /** Done: a one-off job goes away (a keyed one stays a week as done), a recurring one waits for its next turn. */
  async complete(job: ClaimedJob, workerId: string): Promise<void> {
    if (job.uniqueKey !== null) {
      await this.db.query('UPDATE rastro_jobs SET done_at = now(), locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2', [job.id, workerId]);
      await this.db.query("DELETE FROM rastro_jobs WHERE done_at < now() - interval '7 days'");
      return;
    }
    if (job.everyMs === null) {
      await this.db.query('DELETE FROM rastro_jobs WHERE id = $1 AND locked_by = $2', [job.id, workerId]);
      return;
    }
    await this.reschedule(job, workerId, job.everyMs, null);
  }

  /** Failed: again after `retryInMs`, or — out of attempts — a one-off job is kept as failed and a recurring one waits for its next turn. */
  async fail(job: ClaimedJob, workerId: string, error: string, retryInMs: number): Promise<void> {
    if (job.attempt < job.maxAttempts) {
      await this.db.query(
        `UPDATE rastro_jobs SET run_at = now() + $3::bigint ${MS}, locked_by = NULL, locked_until = NULL, last_error = $4 WHERE id = $1 AND locked_by = $2`,
        [job.id, workerId, Math.round(retryInMs), error],
      );
    } else if (job.everyMs === null) {
      await this.db.query('UPDATE rastro_jobs SET failed_at = now(), locked_by = NULL, locked_until = NULL, last_error = $3 WHERE id = $1 AND locked_by = $2', [job.id, workerId, error]);
    } else {
      await this.reschedule(job, workerId, job.everyMs, error);
    }
  }

  private async reschedule(job: ClaimedJob, workerId: string, inMs: number, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE rastro_jobs SET run_at = now() + $3::bigint ${MS}, attempts = 0, locked_by = NULL, locked_until = NULL, last_error = $4 WHERE id = $1 AND locked_by = $2`,
      [job.id, workerId, inMs, error],
    );
  }
}
