/** A creation held longer than the tracking server's own timeout has lost its answer: let the next one go. */
const MAX_HOLD_MS = 60_000;

/**
 * Serialises "count, then create" per limit owner (the installation, one user, one reseller
 * domain), so two creations at the same instant cannot both take the last free place. Keys are
 * taken in sorted order, so two requests needing overlapping sets never wait on each other in a
 * cycle. In-process only: several gateway instances each serialise their own requests (see the
 * README, "Device limits").
 */
export class CreationLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Waits for every key; the answer releases them all (idempotent, and at the latest after MAX_HOLD_MS). */
  async acquire(keys: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const key of [...new Set(keys)].sort()) {
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
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      for (const releaseKey of releases.reverse()) releaseKey();
    };
    const timer = setTimeout(release, MAX_HOLD_MS);
    timer.unref();
    return release;
  }

  /** How many keys someone holds or waits for (for tests: nothing may be left behind). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
