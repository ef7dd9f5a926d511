/**
 * Query-string helpers. Fastify's parser gives a string for `?id=1` and an array for
 * `?id=1&id=2`; Traccar's list parameters are written the second way.
 */
export type Query = Record<string, string | string[] | undefined>;

export function queryStrings(query: Query, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function queryString(query: Query, name: string): string | undefined {
  return queryStrings(query, name)[0];
}

/** Numeric list parameter; anything not an integer makes the request a 400, as in Traccar. */
export function queryIntegers(query: Query, name: string, invalid: (message: string) => Error): number[] {
  return queryStrings(query, name).map((value) => {
    if (!/^-?\d+$/.test(value)) throw invalid(`Invalid ${name}: ${value}`);
    return Number(value);
  });
}

export function queryInteger(query: Query, name: string, invalid: (message: string) => Error): number {
  return queryIntegers(query, name, invalid)[0] ?? 0;
}

export function queryBoolean(query: Query, name: string): boolean {
  return queryString(query, name) === 'true';
}
