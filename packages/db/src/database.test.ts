import { createScratchDatabase, openDatabase, PgliteError, type Database } from './index';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS notes (id bigserial PRIMARY KEY, body text NOT NULL UNIQUE, extra jsonb)';

/** The same behaviour from both drivers: what the tracker and the gateway rely on. */
describe.each([
  { driver: 'PGlite', serverUrl: undefined as string | undefined },
  { driver: 'PostgreSQL', serverUrl: process.env.TEST_DATABASE_URL },
])('@rastro/db on $driver', ({ driver, serverUrl }) => {
  const skip = driver === 'PostgreSQL' && !serverUrl;
  let db: Database;
  let drop = async () => undefined as void;

  beforeAll(async () => {
    if (skip) return;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
    if (scratch) drop = scratch.drop;
    db = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', migrate: (fresh) => fresh.exec(SCHEMA) });
  }, 30_000);

  afterAll(async () => {
    if (skip) return;
    await db.close();
    await drop();
  });

  (skip ? it.skip : it)('runs the migration, returns rows with numeric ids and parsed json', async () => {
    const [row] = await db.query<{ id: unknown; extra: unknown }>('INSERT INTO notes (body, extra) VALUES ($1, $2::jsonb) RETURNING *', ['first', '{"a":1}']);
    expect(Number(row?.id)).toBeGreaterThan(0);
    expect(row?.extra).toEqual({ a: 1 });
  });

  (skip ? it.skip : it)('keeps the SQLSTATE of a failure (23505 for a unique violation)', async () => {
    await db.query('INSERT INTO notes (body) VALUES ($1)', ['twice']);
    await expect(db.query('INSERT INTO notes (body) VALUES ($1)', ['twice'])).rejects.toMatchObject({ code: '23505' });
    if (driver === 'PGlite') await expect(db.query('INSERT INTO notes (body) VALUES ($1)', ['twice'])).rejects.toBeInstanceOf(PgliteError);
  });
});
