import { Pool, type QueryResultRow } from 'pg';
import type { Database } from './database';
import { DatabaseUnavailableError, isConnectionFailure } from './database-unavailable';
import { PostgresListener } from './postgres-listener';

const CONNECT_TIMEOUT_MS = 5_000;

/** The server gone (down, restarting, the connection cut) is an outage to answer, not a failed statement. */
async function reachable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isConnectionFailure(error) ? new DatabaseUnavailableError({ cause: error }) : error;
  }
}

/** A real PostgreSQL server, e.g. postgres://user:pass@localhost:5432/tracker. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  // A server that stops answering (its host gone, a network partition) fails a new connection after
  // a few seconds instead of leaving requests waiting forever; keepAlive notices a silent drop.
  const pool = new Pool({ connectionString, max: 5, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // The server may drop an idle connection (restart, failover, pg_terminate_backend). The pool
  // replaces it on the next query; without a listener Node would crash the whole process.
  pool.on('error', (error) => console.warn(`[tracker] PostgreSQL dropped an idle connection: ${error.message}`));
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const listener = new PostgresListener(connectionString);
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await reachable(() => pool.query<QueryResultRow>(sql, [...params]));
      return result.rows as Row[];
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await reachable(() => pool.query(sql));
    },
    listen: (channel, onNotification) => listener.listen(channel, onNotification),
    async close(): Promise<void> {
      await listener.close();
      await pool.end();
    },
  };
}
