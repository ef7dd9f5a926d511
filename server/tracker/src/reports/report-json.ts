import { formatDate } from '../entities/dates';

/** A report row as Traccar's JSON has it: every Date in the ISO-with-offset format. */
export type ReportJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export function reportItemToJson<T extends object>(item: T): ReportJson<T> {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, value instanceof Date ? formatDate(value) : value])) as ReportJson<T>;
}

/**
 * A JSON array of `rows` as they are read, a few hundred a chunk: the same text as the whole array
 * stringified, but a route's month (over 100 MB) is never one string, and the page reads it as it comes.
 * The opening bracket goes alone and at once, so the answer begins (its headers sent) before the first
 * rows are found: a proxy waits a while for an answer to begin, not for it to end.
 */
export async function* jsonArrayChunks<Row>(rows: AsyncIterable<Row>, toJson: (row: Row) => unknown, perChunk = 500): AsyncGenerator<Buffer> {
  yield Buffer.from('[');
  let written = 0;
  let pending: string[] = [];
  const chunk = (close: boolean) => {
    const text = `${written > 0 && pending.length > 0 ? ',' : ''}${pending.join(',')}${close ? ']' : ''}`;
    written += pending.length;
    pending = [];
    return Buffer.from(text);
  };
  for await (const row of rows) {
    pending.push(JSON.stringify(toJson(row)));
    if (pending.length >= perChunk) yield chunk(false);
  }
  yield chunk(true);
}
