import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy, type PageSources } from './content-security-policy';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The gateway's own APIs: every write there acts with the browser's session. */
const API_PATH = /^\/(?:api|rastro)(?:[/?]|$)/;

export interface WebSecurityOptions {
  /** What the page of the request's domain loads from elsewhere (its tenant's remotes, map hosts…). */
  pageSources(request: FastifyRequest): Promise<PageSources>;
}

const firstValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.split(',', 1)[0]?.trim().toLowerCase();

/** Whether the browser reached the gateway over HTTPS: itself, or a TLS proxy in front saying so. */
function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || firstValue(request.headers['x-forwarded-proto']) === 'https';
}

/**
 * Whether a browser sent this request from another site: Fetch Metadata when the browser sends it
 * (`same-site` counts too — another reseller's subdomain is another tenant), else an Origin that
 * names another host. Clients that are not browsers send neither and are not affected. Takes the
 * headers only, so the websocket upgrade (no Fastify request) is judged by the same rule.
 */
export function isCrossSite(request: { headers: IncomingHttpHeaders }): boolean {
  const site = firstValue(request.headers['sec-fetch-site']);
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = firstValue(request.headers.origin);
  if (!origin) return false;
  if (origin === 'null') return true;
  const hosts = [request.headers.host, firstValue(request.headers['x-forwarded-host'])].filter(Boolean).map((host) => String(host).toLowerCase());
  try {
    return !hosts.includes(new URL(origin).host);
  } catch {
    return true;
  }
}

/** The session cookie (and any other the gateway passes on) made SameSite, and Secure over HTTPS. */
function hardenedCookies(setCookie: string | string[] | number, secure: boolean): string[] {
  return ([] as Array<string | number>).concat(setCookie).map((value) => {
    let cookie = String(value);
    if (!/;\s*samesite=/i.test(cookie)) cookie += '; SameSite=Lax';
    if (secure && !/;\s*secure(?:;|$)/i.test(cookie)) cookie += '; Secure';
    return cookie;
  });
}

/** The shell's service worker (shell/src/offline/service-worker.ts), at the site root for a root scope. */
const SERVICE_WORKER_PATH = '/sw.js';

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').toLowerCase().startsWith('text/html');
}

/**
 * The browser-facing defences (OWASP ASVS 3.4, 13.2.3, 14.4): writes from other sites refused
 * (CSRF, login CSRF included), session cookies SameSite and Secure behind HTTPS, and on every answer
 * nosniff and a referrer policy; on API answers no-store; on pages a Content-Security-Policy and no framing.
 */
export function registerWebSecurity(app: FastifyInstance, { pageSources }: WebSecurityOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) || !API_PATH.test(request.url) || !isCrossSite(request)) return undefined;
    return reply.code(403).send({ code: 'CROSS_SITE_REQUEST', message: 'Writes are accepted from this site only' });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const secure = overHttps(request);
    const setCookie = reply.getHeader('set-cookie');
    if (setCookie !== undefined) {
      // Fastify appends Set-Cookie values: the originals go first.
      reply.removeHeader('set-cookie');
      void reply.header('set-cookie', hardenedCookies(setCookie, secure));
    }
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (secure) void reply.header('strict-transport-security', 'max-age=31536000');
    // What the APIs answer (positions, people, audit rows) must not outlive the session in a browser's
    // or a proxy's cache (ASVS 8.2.1); a route that knows how it may be cached says so itself.
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (isHtml(reply)) {
      void reply.header('content-security-policy', contentSecurityPolicy(await pageSources(request)));
      void reply.header('x-frame-options', 'DENY');
    } else if (request.url.split('?')[0] === SERVICE_WORKER_PATH) {
      // A worker is held to its own script's policy, not its page's: the shell's service worker
      // (which the page's worker-src 'self' allows) may fetch only what the page may.
      void reply.header('content-security-policy', contentSecurityPolicy(await pageSources(request)));
    }
    return payload;
  });
}
