import { applyScriptsOnce, openDatabase, type Database } from '@rastro/db';
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
 * Each schema entry runs once per database, under MIGRATION_LOCK_KEY on PostgreSQL so that gateways
 * starting together take turns (see applyScriptsOnce). Running them all at every start rebuilt,
 * each time, the audit log's three indexes that AUDIT_PAGING_SCHEMA replaces: as long as the log is
 * large. The migration is not bound by the requests' timeout (openDatabase).
 */
export async function migrateGatewayDatabase(db: Database, { lock }: { lock: boolean }): Promise<void> {
  await applyScriptsOnce(db, GATEWAY_SCHEMA, { table: 'rastro_schema_scripts', lockKey: lock ? MIGRATION_LOCK_KEY : undefined });
}

/** The gateway's PostgreSQL (PGlite by default), with every feature's tables in place. */
export function openGatewayDatabase({ databaseUrl, dataDir = 'memory://', queryTimeoutMs = GATEWAY_QUERY_TIMEOUT_MS }: GatewayDatabaseOptions): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir, queryTimeoutMs, migrate: (db) => migrateGatewayDatabase(db, { lock: databaseUrl !== undefined }), migrationKey: GATEWAY_SCHEMA.join('\n') });
}
