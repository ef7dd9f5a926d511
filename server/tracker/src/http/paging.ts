import { badRequest } from './errors';
import { queryInteger, queryString, type Query } from './query';

/** Traccar's `limit` and `offset` (its Order): 0 or less means no limit / no offset. */
export interface Paging {
  limit: number;
  offset: number;
}

export function readPaging(query: Query): Paging {
  return { limit: queryInteger(query, 'limit', badRequest), offset: queryInteger(query, 'offset', badRequest) };
}

/** The page of an already ordered list, as SQL's LIMIT/OFFSET would cut it. */
export function page<T>(list: readonly T[], { limit, offset }: Paging): T[] {
  const start = Math.max(0, offset);
  return list.slice(start, limit > 0 ? start + limit : undefined);
}

/**
 * Traccar's `keyword`: the rows where one of the named text fields contains it, ignoring case
 * (its LIKE on the listed columns). Without a keyword, the list.
 */
export function matchingKeyword<T>(list: readonly T[], query: Query, fields: (row: T) => ReadonlyArray<unknown>): T[] {
  const keyword = queryString(query, 'keyword');
  if (!keyword) return [...list];
  const needle = keyword.toLowerCase();
  return list.filter((row) => fields(row).some((value) => typeof value === 'string' && value.toLowerCase().includes(needle)));
}
