/**
 * A small seeded pseudo-random generator (mulberry32). The simulator draws every random choice
 * from one of these, so a given seed always replays the same fleet — tests rely on it.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds (1, 2, 3…) give unrelated sequences.
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  /** A new array with the items in a random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const result = [...items];
    for (let index = result.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [result[index], result[other]] = [result[other] as T, result[index] as T];
    }
    return result;
  }
}
