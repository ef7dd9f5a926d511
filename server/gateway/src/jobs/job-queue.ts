import { randomUUID } from 'node:crypto';
import type { Database } from '@rastro/db';
import { JobStore, type ClaimedJob } from './job-store';

/** What a handler learns about the run it is doing. */
export interface JobRun {
  id: number;
  name: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler<Payload = unknown> = (payload: Payload, run: JobRun) => Promise<void>;

export interface JobQueueOptions {
  /** How often each gateway looks for due jobs. Default 5 s. */
  pollIntervalMs?: number;
  /** How long a claimed job is this worker's before another may take it (a crashed gateway's jobs come back after this). Default 5 min. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt, capped at an hour. Default 10 s. */
  retryBaseMs?: number;
  /** Jobs claimed per poll. Default 10. */
  batchSize?: number;
  log?: { error(details: object, message: string): void };
}

export interface EnqueueOptions {
  /** When to run; default now. */
  runAt?: Date;
  /** Tries before the job is kept as failed. Default 5. */
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * Jobs kept in PostgreSQL, run exactly once however many gateways share the database: each poll
 * claims due jobs in one statement (FOR UPDATE SKIP LOCKED plus a lease), so two gateways never
 * hold the same job. One-off jobs (`define` + `enqueue`) and recurring ones (`every`), retried
 * with exponential backoff when their handler throws.
 */
export class JobQueue {
  private readonly store: JobStore;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, { everyMs: number; maxAttempts: number }>();
  private readonly workerId = randomUUID();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private started = false;
  /** A poll is under way; `wokenMeanwhile`: a job due now was queued during it, so the next poll is at once. */
  private polling = false;
  private wokenMeanwhile = false;

  constructor(
    db: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.store = new JobStore(db);
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.retryBaseMs = options.retryBaseMs ?? 10_000;
    this.batchSize = options.batchSize ?? 10;
  }

  /** The handler of one-off jobs called `name`. */
  define<Payload>(name: string, handler: JobHandler<Payload>): void {
    if (this.handlers.has(name)) throw new Error(`Job "${name}" is defined twice`);
    this.handlers.set(name, handler as JobHandler);
  }

  /** Queues a one-off job; its handler must be defined (here or on another gateway). Returns the job id. */
  async enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<number> {
    const delayMs = options.runAt ? options.runAt.getTime() - Date.now() : 0;
    const id = await this.store.insert(name, payload, delayMs, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    if (delayMs <= 0) this.wake();
    return id;
  }

  /**
   * Queues a one-off job at most once per `key` across all gateways: null when a job with that key
   * already exists (queued, running, failed, or done within the last week).
   */
  async enqueueOnce(key: string, name: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<number | null> {
    const delayMs = options.runAt ? options.runAt.getTime() - Date.now() : 0;
    const id = await this.store.insertOnce(key, name, payload, delayMs, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    if (id !== null && delayMs <= 0) this.wake();
    return id;
  }

  /** Cancels the job queued with `key` (unless it is running) and frees the key; true when it had not run yet. */
  cancel(key: string): Promise<boolean> {
    return this.store.cancel(key);
  }

  /** A recurring job, first run as soon as it is registered, then every `everyMs`; registered in the database at start. */
  async every(name: string, everyMs: number, handler: JobHandler<Record<string, never>>, options: { maxAttempts?: number } = {}): Promise<void> {
    if (!(everyMs > 0)) throw new Error(`Job "${name}" needs a positive interval`);
    this.define(name, handler);
    const schedule = { everyMs, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
    this.schedules.set(name, schedule);
    if (this.started) await this.store.upsertSchedule(name, schedule.everyMs, schedule.maxAttempts);
  }

  /** Registers the schedules and polls until stop(). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const [name, { everyMs, maxAttempts }] of this.schedules) await this.store.upsertSchedule(name, everyMs, maxAttempts);
    this.schedulePoll(0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One poll: claims the due jobs this gateway has handlers for and runs them. Returns how many ran. */
  runDue(): Promise<number> {
    const run = this.running.then(() => this.claimAndRun());
    this.running = run.catch(() => undefined);
    return run;
  }

  private schedulePoll(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = true;
      this.runDue()
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'job queue poll failed'))
        .finally(() => {
          this.polling = false;
          const woken = this.wokenMeanwhile;
          this.wokenMeanwhile = false;
          if (this.started) this.schedulePoll(woken ? 0 : this.pollIntervalMs);
        });
    }, delayMs);
    // A pending poll must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  /**
   * A job due now was queued here: poll at once instead of at the next interval (an engine stop
   * should not wait out the poll). Other gateways find it at their own next poll.
   */
  private wake(): void {
    if (!this.started) return;
    if (this.polling) this.wokenMeanwhile = true;
    else this.schedulePoll(0);
  }

  private async claimAndRun(): Promise<number> {
    const jobs = await this.store.claim(this.workerId, [...this.handlers.keys()], this.batchSize, this.leaseMs);
    for (const job of jobs) await this.runOne(job);
    return jobs.length;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`No handler for job "${job.name}"`);
      await handler(job.payload, { id: job.id, name: job.name, attempt: job.attempt });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.error({ err: error, job: job.name, attempt: job.attempt }, 'job failed');
      await this.store.fail(job, this.workerId, message, Math.min(this.retryBaseMs * 2 ** (job.attempt - 1), MAX_RETRY_DELAY_MS));
      return;
    }
    await this.store.complete(job, this.workerId);
  }
}
