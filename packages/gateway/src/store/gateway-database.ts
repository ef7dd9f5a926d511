import { openDatabase, type Database } from '@rastro/db';
import { GATEWAY_SCHEMA } from './schema';

export interface GatewayDatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; default `memory://` (a throw-away database, as tests want). */
  dataDir?: string;
}

/** The gateway's PostgreSQL (PGlite by default), with every feature's tables in place. */
export function openGatewayDatabase({ databaseUrl, dataDir = 'memory://' }: GatewayDatabaseOptions): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir, migrate: (db) => db.exec(GATEWAY_SCHEMA.join('\n')) });
}
