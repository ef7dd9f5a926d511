import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('with a migration key, a later one starts migrated from the first one\'s copy, without its writes', async () => {
    // A key of this run only, so that the first open migrates; its copy is removed at the end.
    const migrationKey = `CREATE TABLE parcels (id int PRIMARY KEY); -- ${process.pid} ${Date.now()}`;
    const migrations: string[] = [];
    const openMigrated = async (key = migrationKey) => {
      const db = await openDatabase({
        dataDir: 'memory://',
        migrationKey: key,
        migrate: async (fresh) => {
          migrations.push(key);
          await fresh.exec('CREATE TABLE IF NOT EXISTS parcels (id int PRIMARY KEY)');
        },
      });
      opened.push(db);
      return db;
    };
    try {
      const first = await openMigrated();
      await first.exec('INSERT INTO parcels VALUES (1)');
      expect(migrations).toEqual([migrationKey]);

      const second = await openMigrated();
      expect(migrations).toEqual([migrationKey]);
      expect(await second.query('SELECT id FROM parcels')).toEqual([]);

      // Another schema is never served the copy of this one.
      const other = await openMigrated(`${migrationKey} -- changed`);
      expect(migrations).toEqual([migrationKey, `${migrationKey} -- changed`]);
      expect(await other.query('SELECT id FROM parcels')).toEqual([]);
    } finally {
      const hashes = [migrationKey, `${migrationKey} -- changed`].map((key) => createHash('sha256').update(key).digest('hex').slice(0, 24));
      for (const name of readdirSync(os.tmpdir())) if (hashes.some((hash) => name.endsWith(`-schema-${hash}.tar`))) rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }, 120_000);

  it('a new folder starts as an empty database and keeps what was written in it', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'rastro-pglite-folder-'));
    try {
      const first = await openDatabase({ dataDir: folder, migrate: (db) => db.exec('CREATE TABLE IF NOT EXISTS parcels (id int PRIMARY KEY)') });
      expect(await first.query('SELECT id FROM parcels')).toEqual([]);
      await first.exec('INSERT INTO parcels VALUES (7)');
      await first.close();
      const again = await openDatabase({ dataDir: folder, migrate: async () => undefined });
      opened.push(again);
      expect(await again.query('SELECT id FROM parcels')).toEqual([{ id: 7 }]);
    } finally {
      await Promise.all(opened.splice(0).map((db) => db.close()));
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
