import { parseIsoDate } from '../entities/dates';
import { badRequest } from './errors';
import { queryString, type Query } from './query';

/** `from` and `to`, ISO 8601 with a zone as Traccar requires; a 400 otherwise. */
export function queryPeriod(query: Query): { from: Date; to: Date } {
  const from = parseIsoDate(queryString(query, 'from'));
  const to = parseIsoDate(queryString(query, 'to'));
  if (!from || !to) throw badRequest('Dates must be ISO 8601 with a time zone, e.g. 2024-05-01T00:00:00Z');
  return { from, to };
}
