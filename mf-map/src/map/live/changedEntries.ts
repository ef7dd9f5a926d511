/**
 * What changed between two snapshots of an immutable store map (zustand copies the map, but keeps
 * the objects it did not touch): entries whose object differs, and keys that went away.
 */
export function changedEntries<T>(previous: Record<number, T>, next: Record<number, T>): { changed: number[]; removed: number[] } {
  const changed: number[] = [];
  const removed: number[] = [];
  if (previous === next) return { changed, removed };
  for (const key in next) if (next[key] !== previous[key]) changed.push(Number(key));
  for (const key in previous) if (!(key in next)) removed.push(Number(key));
  return { changed, removed };
}
