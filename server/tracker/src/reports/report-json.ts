import { formatDate } from '../entities/dates';

/** A report row as Traccar's JSON has it: every Date in the ISO-with-offset format. */
export type ReportJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export function reportItemToJson<T extends object>(item: T): ReportJson<T> {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, value instanceof Date ? formatDate(value) : value])) as ReportJson<T>;
}

/**
 * A JSON array of `rows` as they are read, a few hundred a chunk: the same text as the whole array
 * stringified, but a route's month (over 100 MB) is never one string, and the page reads it as it comes.
 */
export async function* jsonArrayChunks<Row>(rows: AsyncIterable<Row>, toJson: (row: Row) => unknown, perChunk = 500): AsyncGenerator<Buffer> {
  let opened = false;
  const chunk = (items: string[], close: boolean) => {
    const text = `${opened ? (items.length > 0 ? ',' : '') : '['}${items.join(',')}${close ? ']' : ''}`;
    opened = true;
    return Buffer.from(text);
  };
  let pending: string[] = [];
  for await (const row of rows) {
    pending.push(JSON.stringify(toJson(row)));
    if (pending.length >= perChunk) {
      yield chunk(pending, false);
      pending = [];
    }
  }
  yield chunk(pending, true);
}
