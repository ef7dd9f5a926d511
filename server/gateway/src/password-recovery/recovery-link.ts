import type { FastifyRequest } from 'fastify';
import { ApiError } from '../product/api-errors';
import { requestDomain } from '../product/request-domain';

/**
 * The origin the recovery link points at: the shell's `requested_from`, accepted only for the
 * domain the request itself was made to — otherwise anyone could have the gateway mail a user a
 * genuine token inside a link to their own site. Without `requested_from`, the request's origin.
 */
export function recoveryLinkOrigin(request: FastifyRequest, requestedFrom: string | undefined): string {
  const domain = requestDomain(request);
  if (!requestedFrom) {
    if (!domain) throw new ApiError(400, 'INVALID_INPUT', 'requested_from is required when the request names no host', ['requested_from']);
    return `${request.protocol}://${request.headers.host}`;
  }
  let url: URL;
  try {
    url = new URL(requestedFrom);
  } catch {
    throw new ApiError(400, 'INVALID_INPUT', 'requested_from must be an origin such as https://track.example.com', ['requested_from']);
  }
  const sameDomain = domain !== undefined && url.hostname.toLowerCase() === domain.toLowerCase();
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !sameDomain) {
    throw new ApiError(400, 'INVALID_INPUT', 'requested_from must be this site', ['requested_from']);
  }
  return url.origin;
}

export function recoveryLink(origin: string, token: string): string {
  return `${origin}/login/recover/${token}`;
}
