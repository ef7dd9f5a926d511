import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (uses `pg`); without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** The owner's schema: idempotent statements run at every start. */
  migrate: (db: Database) => Promise<void>;
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise; migrated and ready to use. */
export async function openDatabase({ databaseUrl, dataDir, migrate }: OpenDatabaseOptions): Promise<Database> {
  const db = databaseUrl ? await openPostgresDatabase(databaseUrl) : await openPgliteDatabase(dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
