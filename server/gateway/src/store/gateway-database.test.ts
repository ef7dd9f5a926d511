import { createScratchDatabase } from '@rastro/db';
import { migrationScript, openGatewayDatabase } from './gateway-database';
import { GATEWAY_SCHEMA } from './schema';

const versionsOf = async (db: Awaited<ReturnType<typeof openGatewayDatabase>>) =>
  (await db.query<{ version: number }>('SELECT version FROM rastro_schema_versions ORDER BY version')).map((row) => Number(row.version));
const allVersions = GATEWAY_SCHEMA.map((_entry, index) => index + 1);

describe('the gateway database migration', () => {
  it('records every schema entry once, and a second start changes nothing', async () => {
    const db = await openGatewayDatabase({});
    try {
      expect(await versionsOf(db)).toEqual(allVersions);
      // The same script again (a restart) is harmless.
      await db.exec(migrationScript({ lock: false }));
      expect(await versionsOf(db)).toEqual(allVersions);
    } finally {
      await db.close();
    }
  }, 60_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  (serverUrl ? it : it.skip)('lets several gateways start on one empty PostgreSQL at the same instant', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    try {
      const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openGatewayDatabase({ databaseUrl: scratch.url })));
      const failures = opened.filter((result) => result.status === 'rejected');
      expect(failures).toEqual([]);
      const dbs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      expect(await versionsOf(dbs[0]!)).toEqual(allVersions);
      await Promise.all(dbs.map((db) => db.close()));
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
