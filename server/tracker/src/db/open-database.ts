import { openDatabase as openDriver, type Database } from '@rastro/db';
import type { DatabaseSeed } from '../seed/demo-seed';
import { migrate, MIGRATION_SCRIPTS } from './migrations';

/**
 * The tracker's database (PostgreSQL with a URL, embedded PGlite otherwise), migrated and, with
 * `seed`, seeded. The seed runs at every open, like the migration, and must leave a database it
 * already filled as it is; a throw-away PGlite starts from a copy already migrated and seeded.
 */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; seed?: DatabaseSeed }): Promise<Database> {
  const { seed, ...where } = options;
  return openDriver({
    ...where,
    migrate: async (db) => {
      await migrate(db);
      await seed?.run(db);
    },
    migrationKey: [...MIGRATION_SCRIPTS, seed?.key ?? ''].join('\n'),
  });
}
