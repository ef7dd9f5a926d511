import type { FastifyRequest } from 'fastify';
import { requestDomain } from '../product/request-domain';

/** Where a request came from, as the audit log keeps it. */
export interface RequestOrigin {
  domain: string | null;
  clientIp: string | null;
}

/** The domain asked for and the browser's address: the first X-Forwarded-For hop when a proxy is in front, else the peer. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const forwarded = request.headers['x-forwarded-for'];
  const firstHop = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  let domain: string | null;
  try {
    domain = requestDomain(request) ?? null;
  } catch {
    // A malformed Host is still worth keeping as sent, for whoever investigates.
    domain = request.headers.host?.slice(0, 260) ?? null;
  }
  return { domain, clientIp: firstHop || request.socket.remoteAddress || null };
}
