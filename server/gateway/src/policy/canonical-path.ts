import type { FastifyInstance } from 'fastify';
import { ApiError } from '../product/api-errors';

/** Paths the gateway checks (the tracking API and the product API): anything else is static files. */
const GUARDED_PREFIXES = ['/api', '/rastro'];

/**
 * Whether a raw request path (no query) is written exactly one way: no empty segments (`//`, a
 * trailing `/`), no `.` / `..` segments, nothing percent-encoded that a server behind could read as
 * a separator (`%2F`, `%5C`, `%2E`, `;`), no backslashes, no double encoding. The policy matches
 * writes on the path as written, and the tracking server (Jetty) normalises what it is sent: a path
 * with two spellings could pass the policy as one thing and reach the tracking server as another.
 */
export function isCanonicalPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path === '/') return true;
  const segments = path.slice(1).split('/');
  return segments.every((segment) => {
    if (segment === '' || segment.includes('\\') || segment.includes(';')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..') return false;
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    return !/[/\\;%\u0000-\u001f]/.test(decoded);
  });
}

/** Where a path lands once a lenient server has normalised it: decoded, `\` as `/`, slashes collapsed, dots resolved. */
function normalised(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Undecodable: judged as written.
  }
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    const bare = segment.split(';', 1)[0] as string;
    if (bare === '' || bare === '.') continue;
    if (bare === '..') out.pop();
    else out.push(bare);
  }
  return `/${out.join('/')}`;
}

function guarded(path: string): boolean {
  const target = normalised(path);
  return GUARDED_PREFIXES.some((prefix) => target === prefix || target.startsWith(`${prefix}/`));
}

/**
 * Refuses `/api` and `/rastro` requests whose path is not canonical with 400 NON_CANONICAL_PATH,
 * before any route, policy or proxy sees them (SPEC §8: bad input is a 400 with a code).
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] as string;
    if (isCanonicalPath(path) || !guarded(path)) return undefined;
    const error = new ApiError(400, 'NON_CANONICAL_PATH', 'The path must be written without empty, "." or ".." segments or encoded separators', ['path']);
    return reply.code(400).send(error.toBody());
  });
}
