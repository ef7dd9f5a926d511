import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from './api-errors';

// A DNS name or IPv4 (letters, digits, dots, dashes) or a bracketed IPv6 literal, optional port.
const hostHeaderSchema = z
  .string()
  .max(260)
  .regex(/^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i, 'Host must be a domain name, optionally with a port');

/**
 * The domain a request was made for (the Host header without its port), which picks the tenant.
 * No Host at all (HTTP/1.0) means the default tenant; a malformed one is bad input.
 */
export function requestDomain(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  if (host === undefined || host === '') return undefined;
  const valid = parseInput(hostHeaderSchema, host, 'host');
  return valid.startsWith('[') ? valid.slice(0, valid.indexOf(']') + 1) : valid.replace(/:\d+$/, '');
}
