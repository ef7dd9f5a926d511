import { createScratchDatabase, type Database } from '@rastro/db';
import { migrateGatewayDatabase, openGatewayDatabase } from './gateway-database';
import { GATEWAY_SCHEMA } from './schema';

const recordedScripts = async (db: Database) => Number((await db.query<{ count: string }>('SELECT count(*) AS count FROM rastro_schema_scripts'))[0]!.count);

describe('the gateway database migration', () => {
  it('records every schema entry once, and a second start runs none of them again', async () => {
    const db = await openGatewayDatabase({});
    try {
      expect(await recordedScripts(db)).toBe(GATEWAY_SCHEMA.length);
      const executed: string[] = [];
      const recording: Database = {
        query: db.query.bind(db),
        exec: (sql) => (executed.push(sql), db.exec(sql)),
        copyBinary: db.copyBinary.bind(db),
        listen: db.listen.bind(db),
        close: db.close.bind(db),
      };
      await migrateGatewayDatabase(recording, { lock: false });
      // The audit log's first indexes, which a later entry replaces, are not built again.
      expect(executed.join('\n')).not.toContain('CREATE INDEX IF NOT EXISTS rastro_audit_log_device ON');
      expect(executed.filter((sql) => GATEWAY_SCHEMA.some((entry) => sql.includes(entry)))).toEqual([]);
      expect(await recordedScripts(db)).toBe(GATEWAY_SCHEMA.length);
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
      expect(await recordedScripts(dbs[0]!)).toBe(GATEWAY_SCHEMA.length);
      await Promise.all(dbs.map((db) => db.close()));
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
