import { openDatabase as openDriver, type Database } from '@rastro/db';
import { migrate, MIGRATION_SCRIPTS } from './migrations';

/** The tracker's database (PostgreSQL with a URL, embedded PGlite otherwise), migrated. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return openDriver({ ...options, migrate, migrationKey: MIGRATION_SCRIPTS.join('\n') });
}
