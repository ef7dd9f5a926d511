import { ApiError } from './api-errors';

// A NUL, or half of a UTF-16 surrogate pair without its other half: PostgreSQL's text and jsonb
// refuse the first, UTF-8 cannot encode the second.
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function firstUnstorable(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, key];
      const found = firstUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Throws 400 INVALID_INPUT naming the first field (dotted path, the input's name for a whole
 * value) whose text holds a NUL or a lone surrogate, in a request's params, query or body.
 */
export function refuseUnstorableStrings(inputs: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(inputs)) {
    const path = firstUnstorable(value, []);
    if (path) throw new ApiError(400, 'INVALID_INPUT', 'Text may not hold a NUL character or a lone surrogate', [path.length ? path.join('.') : name]);
  }
}
