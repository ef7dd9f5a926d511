/**
 * The job queue's table. A row is a job due at `run_at`; a worker claims it by setting
 * `locked_by`/`locked_until` (a lease, so a crashed gateway's job is picked up again once the lease
 * runs out). One-off jobs are deleted when done and kept with `failed_at` when out of attempts.
 * Recurring jobs carry `schedule_key` (unique: one row per schedule however many gateways register
 * it) and `every_ms`, and are moved forward instead of deleted.
 */
export const JOBS_SCHEMA = `
CREATE TABLE IF NOT EXISTS rastro_jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL DEFAULT now(),
  schedule_key text UNIQUE,
  every_ms bigint,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rastro_jobs_due ON rastro_jobs (run_at) WHERE failed_at IS NULL;
`;

/**
 * Keyed one-off jobs (JobQueue.enqueueOnce): `unique_key` lets one job per key exist however many
 * gateways ask for it at once — e.g. one action per tracking-server event, which every gateway's
 * event stream hears. A keyed job is kept with `done_at` once done (for a week), so a late duplicate
 * is still recognised; `cancel(key)` removes it.
 */
export const JOBS_UNIQUE_KEY_SCHEMA = `
ALTER TABLE rastro_jobs ADD COLUMN IF NOT EXISTS unique_key text;
ALTER TABLE rastro_jobs ADD COLUMN IF NOT EXISTS done_at timestamptz;
CREATE UNIQUE INDEX IF NOT EXISTS rastro_jobs_unique_key ON rastro_jobs (unique_key);
`;
