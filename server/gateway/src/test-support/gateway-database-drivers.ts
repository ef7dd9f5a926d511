import { createScratchDatabase, type Database } from '@rastro/db';
import { openGatewayDatabase } from '../store/gateway-database';

/** For `describe.each`: PGlite always, PostgreSQL when npm test provides one (TEST_DATABASE_URL). */
export const gatewayDatabaseDrivers = [
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
];

type Driver = (typeof gatewayDatabaseDrivers)[number];

/**
 * A fresh gateway database (every feature's tables) for one describe block, opened before its
 * tests and dropped after. `test` is `it`, or `it.skip` (and `skip` true) for PostgreSQL without a server.
 */
export function useGatewayDatabase(driver: Driver): { skip: boolean; test: jest.It; db: () => Database } {
  const { skip, test, handle } = useGatewayDatabaseHandles(driver, 1);
  return { skip, test, db: () => handle(0) };
}

/**
 * The same, seen by two gateways: on PostgreSQL two handles, each with its own pool and listening
 * connection, as two processes would have; PGlite, one process's database, is one handle for both.
 */
export function useSharedGatewayDatabase(driver: Driver): { skip: boolean; test: jest.It; first: () => Database; second: () => Database } {
  const { skip, test, handle } = useGatewayDatabaseHandles(driver, 2);
  return { skip, test, first: () => handle(0), second: () => handle(driver.serverUrl ? 1 : 0) };
}

function useGatewayDatabaseHandles({ driver, serverUrl }: Driver, count: number): { skip: boolean; test: jest.It; handle: (index: number) => Database } {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  const handles: Database[] = [];
  let drop = async (): Promise<void> => undefined;

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    for (let opened = 0; opened < (scratch ? count : 1); opened++) handles.push(await openGatewayDatabase({ databaseUrl: scratch?.url }));
  }, 30_000);

  afterAll(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
    await drop();
  });

  return {
    skip,
    test: skip ? it.skip : it,
    handle: (index) => {
      const handle = handles[index];
      if (!handle) throw new Error('The gateway database is open only inside tests');
      return handle;
    },
  };
}
