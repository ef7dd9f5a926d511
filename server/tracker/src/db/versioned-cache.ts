import type { Database } from '@rastro/db';
import { readConfigVersion } from './config-changes';

/**
 * The configuration version (./config-changes.ts) as request handlers ask for it: concurrent
 * requests share one read, unless this process wrote something since that read began (`written`),
 * so a client that reads after its own write always sees it.
 */
export class ConfigVersion {
  private epoch = 0;
  private pending: { epoch: number; version: Promise<number> } | null = null;

  constructor(private readonly db: Database) {}

  /** Called after every write through the API. */
  written(): void {
    this.epoch += 1;
  }

  current(): Promise<number> {
    if (this.pending && this.pending.epoch === this.epoch) return this.pending.version;
    const version = readConfigVersion(this.db);
    const pending = { epoch: this.epoch, version };
    this.pending = pending;
    const settle = () => {
      if (this.pending === pending) this.pending = null;
    };
    version.then(settle, settle);
    return version;
  }
}

/**
 * Values read from the configuration tables (users, devices, links…), kept until the
 * configuration version moves: a busy list endpoint then costs one shared version check instead
 * of its queries. Concurrent misses of one key share one load.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();
  private version = -1;

  constructor(private readonly versions: ConfigVersion) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const version = await this.versions.current();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      entry = load();
      this.entries.set(key, entry);
      entry.catch(() => this.entries.delete(key));
    }
    return entry;
  }
}
