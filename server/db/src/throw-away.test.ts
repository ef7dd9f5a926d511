import { openDatabase, type Database } from './index';

// Throw-away databases start from a copy of an initialised cluster (see pglite-worker.cjs): the
// copy must never carry one database's writes into another.
describe('throw-away PGlite databases', () => {
  const opened: Database[] = [];
  const open = async () => {
    const db = await openDatabase({ dataDir: 'memory://', migrate: async () => undefined });
    opened.push(db);
    return db;
  };
  afterAll(() => Promise.all(opened.map((db) => db.close())));

  it('each starts empty, whatever the ones before it wrote', async () => {
    const first = await open();
    await first.exec('CREATE TABLE parcels (id int PRIMARY KEY)');
    await first.exec('INSERT INTO parcels VALUES (1)');
    const second = await open();
    const tables = await second.query<{ count: string }>("SELECT count(*)::text AS count FROM information_schema.tables WHERE table_name = 'parcels'");
    expect(tables[0]?.count).toBe('0');
    expect(await first.query<{ id: number }>('SELECT id FROM parcels')).toEqual([{ id: 1 }]);
  }, 120_000);
});
