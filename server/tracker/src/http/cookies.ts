import type { FastifyReply, FastifyRequest } from 'fastify';

// Two cookie helpers instead of @fastify/cookie: that plugin loads its parser with a dynamic
// import(), which Jest's module sandbox refuses, and the tracker must run inside other packages' tests.

/** The value of one cookie of the request, or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Adds a `Set-Cookie: name=value; Path=/; HttpOnly` header (keeps any other Set-Cookie). */
export function setSessionCookie(reply: FastifyReply, name: string, value: string): void {
  const cookie = `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly`;
  const existing = reply.getHeader('set-cookie');
  const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...cookies, cookie]);
}
