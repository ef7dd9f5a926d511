/** Converters for values as the two drivers return them (pg gives bigint as string, dates as Date). */

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}

export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  // A Date made in another realm (PGlite answers from a worker thread; Jest runs code in a vm
  // context) fails `instanceof Date`, and String() of it would drop the milliseconds.
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  return new Date(String(value));
}

export function toAttributes(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  return {};
}

/** "$1, $2, …" placeholders for one row of a multi-row INSERT, starting after `offset` parameters. */
export function placeholders(offset: number, count: number, casts: Record<number, string> = {}): string {
  return Array.from({ length: count }, (_, index) => `$${offset + index + 1}${casts[index] ?? ''}`).join(', ');
}
