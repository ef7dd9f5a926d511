import { randomUUID } from 'node:crypto';
import type { Database } from '@rastro/db';

/** A creation held longer than the tracking server's own timeout has lost its answer: let the next one go. */
const MAX_HOLD_MS = 60_000;
/** How often a gateway asks again for a lease another gateway holds. */
const LEASE_RETRY_MS = 20;

/**
 * Serialises "count, then create" per limit owner (the installation, one user, one reseller
 * domain), so two creations at the same instant cannot both take the last free place. Keys are
 * taken in sorted order, so two requests needing overlapping sets never wait on each other in a
 * cycle. Within one gateway the requests queue in memory; with a database, each key is then also
 * leased in `rastro_limit_locks`, so gateways sharing that database serialise with each other.
 */
export class CreationLocks {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly db?: Database) {}

  /** Waits for every key; the answer releases them all (idempotent, and at the latest after MAX_HOLD_MS). */
  async acquire(keys: readonly string[]): Promise<() => void> {
    const sorted = [...new Set(keys)].sort();
    const releaseLocal = await this.acquireLocal(sorted);
    const holder = randomUUID();
    let leased: string[] = [];
    try {
      leased = await this.lease(sorted, holder);
    } catch (error) {
      releaseLocal();
      throw error;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      // The next local waiter would find the lease still taken: open the queue once it is gone.
      void this.unlease(leased, holder).finally(releaseLocal);
    };
    const timer = setTimeout(release, MAX_HOLD_MS);
    timer.unref();
    return release;
  }

  /** How many keys someone holds or waits for (for tests: nothing may be left behind). */
  get busyKeys(): number {
    return this.tails.size;
  }

  private async acquireLocal(sorted: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const key of sorted) {
      const previous = this.tails.get(key) ?? Promise.resolve();
      let open!: () => void;
      const held = new Promise<void>((resolve) => (open = resolve));
      const tail = previous.then(() => held);
      this.tails.set(key, tail);
      releases.push(() => {
        open();
        if (this.tails.get(key) === tail) this.tails.delete(key);
      });
      await previous;
    }
    return () => releases.reverse().forEach((releaseKey) => releaseKey());
  }

  /** Takes each key's lease in order, waiting while another gateway holds it unexpired; the keys leased. */
  private async lease(sorted: readonly string[], holder: string): Promise<string[]> {
    const { db } = this;
    if (!db) return [];
    const leased: string[] = [];
    try {
      for (const owner of sorted) {
        while (!(await this.tryLease(db, owner, holder))) await new Promise((resolve) => setTimeout(resolve, LEASE_RETRY_MS));
        leased.push(owner);
      }
    } catch (error) {
      await this.unlease(leased, holder);
      throw error;
    }
    return leased;
  }

  private async tryLease(db: Database, owner: string, holder: string): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO rastro_limit_locks (owner, holder, held_until) VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond')
       ON CONFLICT (owner) DO UPDATE SET holder = EXCLUDED.holder, held_until = EXCLUDED.held_until
       WHERE rastro_limit_locks.held_until < now() RETURNING owner`,
      [owner, holder, MAX_HOLD_MS],
    );
    return rows.length > 0;
  }

  /** Best effort: a lease left behind (database gone) expires on its own. */
  private async unlease(owners: readonly string[], holder: string): Promise<void> {
    if (!this.db || owners.length === 0) return;
    await this.db.query('DELETE FROM rastro_limit_locks WHERE owner = ANY($1::text[]) AND holder = $2', [[...owners], holder]).catch(() => undefined);
  }
}
