import type { FastifyInstance } from 'fastify';
import { ApiError } from '../product/api-errors';

/** Paths the gateway judges (the tracking API and the product API): anything else is static files. */
const GUARDED_PREFIXES = ['/api', '/rastro'];

/**
 * Tracking-API paths whose segments below the prefix are data, not resource names: device media
 * (`/api/media/<uniqueId>/<file>`) and the administrator's server files. Everywhere else in `/api`
 * Traccar's resources are lower-case and matched case-sensitively (JAX-RS).
 */
const CASED_DATA = /^\/api\/(media|server\/file)\//;

/**
 * The case a decoded path is judged and forwarded in: the guarded prefix lower-case, and every
 * resource name of the tracking API (all of `/api` but its data paths, whose own prefix is lowered).
 */
function cased(path: string): string {
  const lower = path.toLowerCase();
  const data = CASED_DATA.exec(lower);
  if (data) return lower.slice(0, data[0].length) + path.slice(data[0].length);
  if (lower === '/api' || lower.startsWith('/api/')) return lower;
  const first = GUARDED_PREFIXES.find((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
  return first ? first + path.slice(first.length) : path;
}

/** Characters a path segment carries bare (RFC 3986 unreserved and sub-delims, but `;`, the matrix separator). */
const BARE = /[A-Za-z0-9\-._~!$&'()*+,=:@]/;

/** A decoded segment's one written form: bare where allowed, else `%XX` with upper-case hex. */
function encodeSegment(decoded: string): string {
  let out = '';
  for (const char of decoded) {
    if (BARE.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The one form of a request path (no query) the gateway judges and forwards, or null when it has
 * none: each segment percent-decoded (strictly: valid UTF-8), empty and `.` segments dropped, `..`
 * resolved, `/api` resource names lower-cased, then written again in one spelling. No canonical
 * form: a segment that decodes to a separator or an escape a server behind would read again (`/`,
 * `\`, `;`, `%`, `?`, `#`), control characters, a `..` above the root, or anything that is not a path.
 *
 * The tracking server (Jetty, or Fastify in the tracker) decodes and normalises what it is sent, so
 * `/api/%75sers/2` is `/api/users/2` to it: the policy must never match one spelling while the
 * tracking server acts on another.
 */
export function canonicalPath(path: string): string | null {
  if (!path.startsWith('/')) return null;
  const out: string[] = [];
  for (const segment of path.slice(1).split('/')) {
    if (segment.includes('\\') || segment.includes(';')) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    if (/[/\\;%?#\u0000-\u001f\u007f]/.test(decoded)) return null;
    if (decoded === '' || decoded === '.') continue;
    if (decoded === '..') {
      if (out.length === 0) return null;
      out.pop();
      continue;
    }
    out.push(decoded);
  }
  return `/${cased(`/${out.join('/')}`).slice(1).split('/').map(encodeSegment).join('/')}`;
}

/** Whether a raw path is already written in its canonical form (see canonicalPath). */
export function isCanonicalPath(path: string): boolean {
  return canonicalPath(path) === path;
}

/**
 * Where a path lands once a lenient server has normalised it: decoded (again and again, as a chain
 * of servers might), `\` as `/`, slashes collapsed, dots resolved, any case.
 */
function lenientTarget(path: string): string {
  let decoded = path;
  for (let round = 0; round < 3 && decoded.includes('%'); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break; // Undecodable: judged as far as it decodes.
    }
  }
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    const bare = segment.split(';', 1)[0] as string;
    if (bare === '' || bare === '.') continue;
    if (bare === '..') out.pop();
    else out.push(bare);
  }
  return `/${out.join('/')}`.toLowerCase();
}

/** Judged: the path names a guarded prefix as written (the router sends it there) or once normalised (a server behind would). */
function guarded(path: string): boolean {
  return [path.toLowerCase(), lenientTarget(path)].some((target) => GUARDED_PREFIXES.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)));
}

/** The refusal of a path without one canonical form; also what a URL the router cannot decode gets (see createGateway). */
export function nonCanonicalPathBody(): ReturnType<ApiError['toBody']> {
  return new ApiError(400, 'NON_CANONICAL_PATH', 'The path must be written in its one canonical form: decoded where it can be, lower-case resource names, no empty, "." or ".." segments, no ";" parameters or encoded separators', ['path']).toBody();
}

/**
 * Refuses, before any route, policy or proxy sees it, an `/api` or `/rastro` request whose path is
 * not written in its canonical form: 400 NON_CANONICAL_PATH (SPEC §8: bad input is a 400 with a
 * code). What passes is judged and forwarded byte for byte as written, which is then the canonical
 * path. A request target that is not a path at all (absolute-form `http://host/…`) is refused too.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] as string;
    const notAPath = !path.startsWith('/') && !(request.method === 'OPTIONS' && path === '*');
    if (!notAPath && (isCanonicalPath(path) || !guarded(path))) return undefined;
    return reply.code(400).send(nonCanonicalPathBody());
  });
}
