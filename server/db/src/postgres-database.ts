import { Pool, type QueryResultRow } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
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

/** Beyond the server's own statement_timeout: the time for its cancellation to come back over the wire. */
const CANCEL_GRACE_MS = 1_000;

/**
 * A real PostgreSQL server, e.g. postgres://user:pass@localhost:5432/tracker. With `queryTimeoutMs`
 * a statement that takes longer fails as DatabaseUnavailableError: the server cancels it
 * (statement_timeout), and a connection that stops answering altogether (the server frozen, the
 * network black-holed) is given up on the client side a moment later and replaced by the pool.
 */
export async function openPostgresDatabase(connectionString: string, { queryTimeoutMs }: { queryTimeoutMs?: number } = {}): Promise<Database> {
  // A server that stops answering (its host gone, a network partition) fails a new connection after
  // a few seconds instead of leaving requests waiting forever; keepAlive notices a silent drop.
  const timeouts = queryTimeoutMs ? { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + CANCEL_GRACE_MS } : {};
  const pool = new Pool({ connectionString, max: 5, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...timeouts });
  // The server may drop an idle connection (restart, failover, pg_terminate_backend). The pool
  // replaces it on the next query; without a listener Node would crash the whole process.
  pool.on('error', (error) => console.warn(`[rastro/db] PostgreSQL dropped an idle connection: ${error.message}`));
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
    copyBinary: (select) =>
      reachable(async () => {
        const client = await pool.connect();
        let failure: Error | undefined;
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT binary)`))) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          // A COPY cut short leaves the connection mid-protocol: it is closed, not reused.
          client.release(failure);
        }
      }),
    listen: (channel, onNotification) => listener.listen(channel, onNotification),
    async close(): Promise<void> {
      await listener.close();
      await pool.end();
    },
  };
}
