import type { IncomingHttpHeaders } from 'node:http';

interface ClientConnection {
  ip: string;
  protocol: string;
  host: string | undefined;
}

/**
 * X-Forwarded-* so the tracking server logs the browser's address rather than the gateway's,
 * appended to whatever a load balancer in front of us already set.
 */
export function withForwardedHeaders(headers: IncomingHttpHeaders, client: ClientConnection): IncomingHttpHeaders {
  const priorFor = headers['x-forwarded-for'];
  return {
    ...headers,
    'x-forwarded-for': priorFor ? `${String(priorFor)}, ${client.ip}` : client.ip,
    'x-forwarded-proto': headers['x-forwarded-proto'] ?? client.protocol,
    ...(client.host && !headers['x-forwarded-host'] ? { 'x-forwarded-host': client.host } : {}),
  };
}
