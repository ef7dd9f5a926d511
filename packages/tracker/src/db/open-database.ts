import type { Database } from './database';
import { migrate } from './migrations';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/** PostgreSQL when a URL is given, embedded PGlite otherwise; migrated and ready to use. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const db = options.databaseUrl ? await openPostgresDatabase(options.databaseUrl) : await openPgliteDatabase(options.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
