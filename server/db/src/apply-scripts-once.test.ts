import { applyScriptsOnce, createScratchDatabase, openDatabase, type Database } from './index';

// Not idempotent on purpose: a second run of either would fail.
const PARCELS = 'CREATE TABLE parcels (id integer PRIMARY KEY);';
const LABELS = 'CREATE TABLE labels (id integer PRIMARY KEY);';

const tables = async (db: Database) =>
  (await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")).map((row) => row.table_name);

describe.each([
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
])('applyScriptsOnce on $driver', ({ driver, serverUrl }) => {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  let db: Database;
  let drop = async () => undefined as void;

  beforeEach(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    db = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', migrate: async () => undefined });
    drop = async () => {
      await db.close();
      await scratch?.drop();
    };
  }, 30_000);
  afterEach(() => (skip ? undefined : drop()));
  const maybe = skip ? it.skip : it;

  maybe('runs each script once, in order, and at the next start only the scripts added since', async () => {
    await applyScriptsOnce(db, [PARCELS], { table: 'applied_scripts' });
    await applyScriptsOnce(db, [PARCELS, LABELS], { table: 'applied_scripts', lockKey: serverUrl ? 42 : undefined });
    await applyScriptsOnce(db, [PARCELS, LABELS], { table: 'applied_scripts' });
    expect(await tables(db)).toEqual(['applied_scripts', 'labels', 'parcels']);
  });

  maybe('runs a script again when its text changed, and keeps nothing of a script that failed', async () => {
    await applyScriptsOnce(db, [PARCELS], { table: 'applied_scripts' });
    await expect(applyScriptsOnce(db, [`${PARCELS} -- now with a comment`], { table: 'applied_scripts' })).rejects.toThrow(/already exists/);
    await expect(applyScriptsOnce(db, [`${LABELS}\nSELECT 1/0;`], { table: 'applied_scripts' })).rejects.toThrow(/division by zero/);
    expect(await tables(db)).toEqual(['applied_scripts', 'parcels']);
  });

  maybe('refuses a ledger name that is not a plain table name', async () => {
    await expect(applyScriptsOnce(db, [PARCELS], { table: 'scripts; DROP TABLE x' })).rejects.toThrow('not a table name');
  });
});
