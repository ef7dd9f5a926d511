import type { Database } from '@rastro/db';
import { ConfigVersion, VersionedCache } from './versioned-cache';

/** A database whose configuration version is `version`, counting the reads. */
function fakeDatabase() {
  const state = { version: 1, reads: 0 };
  const db = {
    query: async () => {
      state.reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ version: state.version }];
    },
  } as unknown as Database;
  return { db, state };
}

describe('cached configuration reads', () => {
  it('share one version read among concurrent requests, but not across a write of this process', async () => {
    const { db, state } = fakeDatabase();
    const versions = new ConfigVersion(db);
    expect(await Promise.all([versions.current(), versions.current(), versions.current()])).toEqual([1, 1, 1]);
    expect(state.reads).toBe(1);

    const before = versions.current();
    state.version = 2;
    versions.written();
    // Asked after the write: a read of its own, which sees it.
    expect(await versions.current()).toBe(2);
    await before;
    expect(state.reads).toBe(3);
  });

  it('keep values while the version holds and load them again once it moves', async () => {
    const { db, state } = fakeDatabase();
    const cache = new VersionedCache<string, number>(new ConfigVersion(db));
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await Promise.all([cache.get('visible:1', load), cache.get('visible:1', load)])).toEqual([1, 1]);
    expect(await cache.get('visible:1', load)).toBe(1);
    state.version = 2;
    expect(await cache.get('visible:1', load)).toBe(2);
    expect(loads).toBe(2);
  });
});
