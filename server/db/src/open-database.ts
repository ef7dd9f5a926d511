import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (uses `pg`); without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /**
   * Longest a statement may take before it fails as DatabaseUnavailableError (a frozen server or
   * connection must not hold requests forever); none when absent (the tracker's long reports).
   * Not the migration's: a script that builds an index on a large table takes what it takes, and a
   * start that failed for it would fail again at every start.
   */
  queryTimeoutMs?: number;
  /** The owner's schema, brought up to date at every open (see applyScriptsOnce). */
  migrate: (db: Database) => Promise<void>;
  /**
   * Anything that changes whenever `migrate` does (its SQL text): a throw-away PGlite (`memory://`)
   * then starts from a copy of a database already migrated, kept in the temporary folder, instead
   * of migrating again — a second or more per open, and the tests open dozens. Without it every
   * open migrates.
   */
  migrationKey?: string;
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise; migrated and ready to use. */
export async function openDatabase({ databaseUrl, dataDir, migrate, migrationKey, queryTimeoutMs }: OpenDatabaseOptions): Promise<Database> {
  if (!databaseUrl) return openPgliteDatabase(dataDir, { queryTimeoutMs, migrate, migrationKey });
  const db = await openPostgresDatabase(databaseUrl, { queryTimeoutMs });
  try {
    const unbounded = queryTimeoutMs ? await openPostgresDatabase(databaseUrl) : db;
    try {
      await migrate(unbounded);
    } finally {
      if (unbounded !== db) await unbounded.close();
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
