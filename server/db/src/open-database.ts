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
   */
  queryTimeoutMs?: number;
  /** The owner's schema: idempotent statements run at every start. */
  migrate: (db: Database) => Promise<void>;
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise; migrated and ready to use. */
export async function openDatabase({ databaseUrl, dataDir, migrate, queryTimeoutMs }: OpenDatabaseOptions): Promise<Database> {
  const db = databaseUrl ? await openPostgresDatabase(databaseUrl, { queryTimeoutMs }) : await openPgliteDatabase(dataDir, { queryTimeoutMs });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
