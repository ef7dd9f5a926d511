import { createScratchDatabase, type Database } from '@rastro/db';
import { openGatewayDatabase } from '../store/gateway-database';

/** For `describe.each`: PGlite always, PostgreSQL when npm test provides one (TEST_DATABASE_URL). */
export const gatewayDatabaseDrivers = [
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
];

/**
 * A fresh gateway database (every feature's tables) for one describe block, opened before its
 * tests and dropped after. `test` is `it`, or `it.skip` (and `skip` true) for PostgreSQL without a server.
 */
export function useGatewayDatabase({ driver, serverUrl }: (typeof gatewayDatabaseDrivers)[number]): { skip: boolean; test: jest.It; db: () => Database } {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  let db: Database | undefined;
  let drop = async (): Promise<void> => undefined;

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    db = await openGatewayDatabase({ databaseUrl: scratch?.url });
  }, 30_000);

  afterAll(async () => {
    await db?.close();
    await drop();
  });

  return {
    skip,
    test: skip ? it.skip : it,
    db: () => {
      if (!db) throw new Error('The gateway database is open only inside tests');
      return db;
    },
  };
}
