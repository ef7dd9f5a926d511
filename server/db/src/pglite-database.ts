import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ChannelListeners, checkedChannel } from './channel-listeners';
import type { Database } from './database';
import { DatabaseUnavailableError } from './database-unavailable';

type Request =
  | { type: 'ready' }
  | { type: 'close' }
  | { type: 'saveSchemaTemplate' }
  | { type: 'exec' | 'copy'; sql: string }
  | { type: 'query'; sql: string; params: unknown[] }
  | { type: 'listen' | 'unlisten'; channel: string };
type Response = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; code?: string } };
/** Sent by the worker unasked: a NOTIFY on a channel it listens to. */
type Notification = { notification: { channel: string; payload: string } };

/** A database error from the worker, keeping PostgreSQL's SQLSTATE code (e.g. 23505 unique violation). */
export class PgliteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PgliteOptions {
  queryTimeoutMs?: number;
  /** The owner's schema: idempotent statements run at every open (see OpenDatabaseOptions). */
  migrate: (db: Database) => Promise<void>;
  /** Changes whenever `migrate` does (see OpenDatabaseOptions). */
  migrationKey?: string;
}

/**
 * Embedded PostgreSQL (WASM) in a worker thread — see ./pglite-worker.cjs for why — migrated.
 * `dataDir` is a folder, or `memory://` for a throw-away database. A throw-away database with a
 * `migrationKey` starts from a copy of one already migrated when the worker has it (the first one
 * migrated on this machine leaves it behind): the migration itself is then not run again.
 */
export async function openPgliteDatabase(dataDir: string, { queryTimeoutMs, migrate, migrationKey }: PgliteOptions): Promise<Database> {
  const schemaKey = dataDir === 'memory://' && migrationKey !== undefined ? createHash('sha256').update(migrationKey).digest('hex').slice(0, 24) : undefined;
  const worker = new Worker(path.join(__dirname, 'pglite-worker.cjs'), { workerData: { dataDir, schemaKey } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | null = null;
  /** The migration is not bound by the query timeout (see OpenDatabaseOptions.queryTimeoutMs). */
  let migrating = true;

  const failAll = (error: Error) => {
    failure = error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  const listeners = new ChannelListeners();
  worker.on('message', (response: Response | Notification) => {
    if ('notification' in response) return listeners.notify(response.notification.channel, response.notification.payload);
    const request = pending.get(response.id);
    if (!request) return;
    pending.delete(response.id);
    if (response.ok) request.resolve(response.result);
    else request.reject(new PgliteError(response.error.message, response.error.code));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the PGlite worker stopped (exit code ${code})`)));

  const send = (request: Request): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      // A statement the thread does not answer in time (stuck, or behind one that is) is an outage
      // to the caller; its late answer, if any, finds nobody waiting and is dropped.
      const timer = queryTimeoutMs && !migrating && (request.type === 'query' || request.type === 'exec' || request.type === 'copy')
        ? setTimeout(() => {
            pending.delete(id);
            reject(new DatabaseUnavailableError({ cause: new Error(`no answer from PGlite within ${queryTimeoutMs} ms`) }));
          }, queryTimeoutMs)
        : undefined;
      timer?.unref();
      const done = <T>(settle: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        settle(value);
      };
      pending.set(id, { resolve: done(resolve), reject: done(reject) });
      worker.postMessage({ id, ...request });
    });
  };

  let migrated: boolean;
  try {
    ({ migrated } = (await send({ type: 'ready' })) as { migrated: boolean });
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  let closed = false;
  const database: Database = {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await send({ type: 'query', sql, params: [...params] })) as Row[];
    },
    async exec(sql: string): Promise<void> {
      await send({ type: 'exec', sql });
    },
    async copyBinary(select: string): Promise<Uint8Array> {
      return new Uint8Array((await send({ type: 'copy', sql: select })) as ArrayBuffer);
    },
    async listen(channel, listener) {
      checkedChannel(channel);
      listeners.add(channel, listener);
      try {
        // Every time, not only for the channel's first: it resolves once the thread listens.
        await send({ type: 'listen', channel });
      } catch (error) {
        listeners.remove(channel, listener);
        throw error;
      }
      return async () => {
        if (listeners.remove(channel, listener)) await send({ type: 'unlisten', channel }).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Let PGlite flush its files before the thread goes away.
      await send({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
  try {
    if (!migrated) {
      await migrate(database);
      if (schemaKey) await send({ type: 'saveSchemaTemplate' });
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  migrating = false;
  return database;
}
