import type { FastifyRequest } from 'fastify';
import { requestDomain } from '../product/request-domain';

/** Where a request came from, as the audit log keeps it. */
export interface RequestOrigin {
  domain: string | null;
  clientIp: string | null;
}

/**
 * The domain asked for and the browser's address: the client the trusted proxies name (the
 * gateway's `trustProxy`), else the TCP peer — a client's own X-Forwarded-For would let it write
 * any address into the audit log.
 */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  let domain: string | null;
  try {
    domain = requestDomain(request) ?? null;
  } catch {
    // A malformed Host is still worth keeping as sent, for whoever investigates.
    domain = request.headers.host?.slice(0, 260) ?? null;
  }
  return { domain, clientIp: request.ip || null };
}
