import { createScratchDatabase, openDatabase, type Database } from '@rastro/db';
import { JobQueue } from './job-queue';
import { JOBS_SCHEMA, JOBS_UNIQUE_KEY_SCHEMA } from './jobs-schema';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** Two gateways on one database: on PostgreSQL each with its own connection pool, as two processes would be. */
describe.each([
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
])('job queue on $driver', ({ driver, serverUrl }) => {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  const test = skip ? it.skip : it;
  let first: Database;
  let second: Database;
  let drop = async () => undefined as void;
  const queues: JobQueue[] = [];

  const queue = (db: Database, options: ConstructorParameters<typeof JobQueue>[1] = {}) => {
    const created = new JobQueue(db, { pollIntervalMs: 20, retryBaseMs: 0, ...options });
    queues.push(created);
    return created;
  };

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    first = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', migrate: (db) => db.exec(JOBS_SCHEMA + JOBS_UNIQUE_KEY_SCHEMA) });
    second = scratch ? await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', migrate: (db) => db.exec(JOBS_SCHEMA + JOBS_UNIQUE_KEY_SCHEMA) }) : first;
  }, 30_000);

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((created) => created.stop()));
    if (!skip) await first.query('DELETE FROM rastro_jobs');
  });

  afterAll(async () => {
    if (skip) return;
    if (second !== first) await second.close();
    await first.close();
    await drop();
  });

  test('two gateways polling the same database never run the same job twice', async () => {
    const runs: number[] = [];
    const a = queue(first, { batchSize: 3 });
    const b = queue(second, { batchSize: 3 });
    for (const worker of [a, b]) {
      worker.define<{ n: number }>('count', async ({ n }) => {
        await sleep(2);
        runs.push(n);
      });
    }
    for (let n = 0; n < 40; n++) await a.enqueue('count', { n });
    await Promise.all([a.start(), b.start()]);
    await until(() => runs.length >= 40);
    await sleep(100);
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
  });

  test('a job queued due now runs at once, not at the next poll; a later one waits for its time', async () => {
    const ran: string[] = [];
    const worker = queue(first, { pollIntervalMs: 60_000 });
    worker.define<{ name: string }>('note', async ({ name }) => {
      ran.push(name);
    });
    await worker.start();
    await worker.enqueue('note', { name: 'first' });
    await until(() => ran.includes('first'), 2_000);
    // Now the next poll is a minute away: only the wake-up can run these.
    await worker.enqueueOnce('note:second', 'note', { name: 'second' });
    await worker.enqueue('note', { name: 'later' }, { runAt: new Date(Date.now() + 60_000) });
    await until(() => ran.includes('second'), 2_000);
    expect(ran).toEqual(['first', 'second']);
  });

  test('a failing job is retried, and kept as failed once out of attempts', async () => {
    const attempts: number[] = [];
    const worker = queue(first);
    worker.define('flaky', async (_payload, run) => {
      attempts.push(run.attempt);
      if (run.attempt < 2) throw new Error('tracker down');
    });
    worker.define('broken', async () => {
      throw new Error('always');
    });
    await worker.enqueue('flaky');
    const brokenId = await worker.enqueue('broken', {}, { maxAttempts: 3 });
    for (let poll = 0; poll < 6; poll++) await worker.runDue();
    expect(attempts).toEqual([1, 2]);
    const rows = await first.query<{ id: unknown; attempts: number; failed_at: unknown; last_error: string }>('SELECT id, attempts, failed_at, last_error FROM rastro_jobs');
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.id)).toBe(brokenId);
    expect(rows[0]).toMatchObject({ attempts: 3, last_error: 'always' });
    expect(rows[0]?.failed_at).not.toBeNull();
  });

  test('retries wait: the delay doubles from retryBaseMs', async () => {
    const attempts: number[] = [];
    const worker = queue(first, { retryBaseMs: 60_000 });
    worker.define('later', async (_payload, run) => {
      attempts.push(run.attempt);
      throw new Error('no');
    });
    await worker.enqueue('later');
    await worker.runDue();
    await worker.runDue();
    expect(attempts).toEqual([1]);
  });

  test('a job runs at its run-at time, not before', async () => {
    const ran: string[] = [];
    const worker = queue(first);
    worker.define<{ label: string }>('timed', async ({ label }) => void ran.push(label));
    await worker.enqueue('timed', { label: 'later' }, { runAt: new Date(Date.now() + 400) });
    await worker.enqueue('timed', { label: 'now' });
    await worker.runDue();
    expect(ran).toEqual(['now']);
    await sleep(450);
    await worker.runDue();
    expect(ran).toEqual(['now', 'later']);
  });

  test('a recurring job registered by two gateways has one schedule, runs again and again, and survives a failure', async () => {
    let runs = 0;
    const handler = async () => {
      runs += 1;
      if (runs === 2) throw new Error('one bad run');
    };
    const a = queue(first);
    const b = queue(second);
    await a.every('tick', 100, handler);
    await b.every('tick', 100, handler);
    await Promise.all([a.start(), b.start()]);
    expect(await first.query('SELECT id FROM rastro_jobs WHERE name = $1', ['tick'])).toHaveLength(1);
    await until(() => runs >= 4);
    // Moved forward after each run, never deleted nor duplicated.
    expect(await first.query('SELECT id FROM rastro_jobs WHERE name = $1', ['tick'])).toHaveLength(1);
  });

  test('a keyed job asked for by two gateways at once runs once, and a late duplicate after it ran is still ignored', async () => {
    const runs: string[] = [];
    const a = queue(first);
    const b = queue(second);
    for (const worker of [a, b]) worker.define<{ by: string }>('once', async ({ by }) => void runs.push(by));
    const ids = await Promise.all([a.enqueueOnce('event:7', 'once', { by: 'a' }), b.enqueueOnce('event:7', 'once', { by: 'b' })]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await a.runDue();
    await b.runDue();
    expect(runs).toHaveLength(1);
    expect(await b.enqueueOnce('event:7', 'once', { by: 'late' })).toBeNull();
    await b.runDue();
    expect(runs).toHaveLength(1);
  });

  test('cancel() stops a keyed job before it runs and frees its key', async () => {
    const ran: string[] = [];
    const worker = queue(first);
    worker.define<{ label: string }>('lock', async ({ label }) => void ran.push(label));
    await worker.enqueueOnce('lock:1', 'lock', { label: 'first' }, { runAt: new Date(Date.now() + 200) });
    expect(await worker.cancel('lock:1')).toBe(true);
    expect(await worker.cancel('lock:1')).toBe(false);
    expect(await worker.enqueueOnce('lock:1', 'lock', { label: 'second' })).not.toBeNull();
    await sleep(250);
    await worker.runDue();
    expect(ran).toEqual(['second']);
  });

  test('stop() ends polling: nothing runs after it', async () => {
    const ran: number[] = [];
    const worker = queue(first);
    worker.define<{ n: number }>('after-stop', async ({ n }) => void ran.push(n));
    await worker.start();
    await worker.stop();
    await worker.enqueue('after-stop', { n: 1 });
    await sleep(100);
    expect(ran).toEqual([]);
  });
});
