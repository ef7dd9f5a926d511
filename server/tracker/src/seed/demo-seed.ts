import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@rastro/db';
import { DevicesRepository } from '../db/devices-repository';
import { EntityStore } from '../db/entity-store';
import { GroupsRepository } from '../db/groups-repository';
import { LinksRepository } from '../db/links-repository';
import { UsersRepository } from '../db/users-repository';
import { seedDemoData } from './seed-database';

/** What a new database is filled with before it is used (see openDatabase's `seed`). */
export interface DatabaseSeed {
  /**
   * Changes whenever what `run` writes may: a throw-away database starts from a copy of one
   * already seeded with the same key.
   */
  key: string;
  run(db: Database): Promise<void>;
}

/**
 * The demo (seedDemoData) for `deviceCount` vehicles from `seed`. Its key holds the tracker's own
 * source, not only the seeding code: what a row looks like once written is also the
 * repositories', the password hashing's…, and a stale copy would be a puzzle to whoever changed them.
 */
export function demoSeed(deviceCount: number, seed: number): DatabaseSeed {
  return {
    key: JSON.stringify({ demo: { deviceCount, seed }, source: trackerSourceHash() }),
    async run(db) {
      await seedDemoData({ users: new UsersRepository(db), devices: new DevicesRepository(db), groups: new GroupsRepository(db), entities: new EntityStore(db), links: new LinksRepository(db) }, deviceCount, seed);
    },
  };
}

let sourceHash: string | undefined;

/** A hash of every source file of the tracker (tests aside), read once per process. */
function trackerSourceHash(): string {
  if (sourceHash !== undefined) return sourceHash;
  const root = path.resolve(__dirname, '..');
  const hash = createHash('sha256');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.[cm]?[jt]s$/.test(file) && !/\.(test|bench)\.[cm]?[jt]s$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  sourceHash = hash.digest('hex');
  return sourceHash;
}
