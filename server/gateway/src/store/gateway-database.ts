import { openDatabase, type Database } from '@rastro/db';
import { GATEWAY_SCHEMA } from './schema';

export interface GatewayDatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; default `memory://` (a throw-away database, as tests want). */
  dataDir?: string;
  /** A statement taking longer fails as 503 DATABASE_UNAVAILABLE; default GATEWAY_QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
}

/**
 * The gateway's statements are small (a lease, a count, a settings row): one that has not answered
 * in this long is stuck on a frozen server or connection, and the request gets a 503 instead of
 * waiting with it. DATABASE_QUERY_TIMEOUT_MS changes it.
 */
export const GATEWAY_QUERY_TIMEOUT_MS = 10_000;

/** The advisory lock every gateway takes to migrate: "rastro" in ASCII, one number across the installation. */
export const MIGRATION_LOCK_KEY = 0x72617374726f;

/**
 * The migration as one multi-statement script: PostgreSQL runs it in one implicit transaction, so
 * the transaction-scoped advisory lock taken first holds until every entry is in place (and is let
 * go on failure, with everything rolled back). Gateways starting together take turns: without it,
 * two `CREATE TABLE IF NOT EXISTS` of the same table at the same instant can both create and one
 * fail. PGlite (one process, one connection, and no advisory locks to speak of) needs no `lock`.
 * `rastro_schema_versions` records each GATEWAY_SCHEMA entry (1-based) once applied.
 */
export function migrationScript({ lock, schema = GATEWAY_SCHEMA }: { lock: boolean; schema?: readonly string[] }): string {
  return [
    ...(lock ? [`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});`] : []),
    'CREATE TABLE IF NOT EXISTS rastro_schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
    ...schema,
    `INSERT INTO rastro_schema_versions (version) SELECT version FROM generate_series(1, ${schema.length}) AS version ON CONFLICT (version) DO NOTHING;`,
  ].join('\n');
}

/** The gateway's PostgreSQL (PGlite by default), with every feature's tables in place. */
export function openGatewayDatabase({ databaseUrl, dataDir = 'memory://', queryTimeoutMs = GATEWAY_QUERY_TIMEOUT_MS }: GatewayDatabaseOptions): Promise<Database> {
  const script = migrationScript({ lock: databaseUrl !== undefined });
  return openDatabase({ databaseUrl, dataDir, queryTimeoutMs, migrate: (db) => db.exec(script), migrationKey: script });
}
