import type { FastifyRequest } from 'fastify';

/** A URL as it may be logged: a `?token=` value (a credential: the socket and the token login take it there) hidden. */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = new URLSearchParams(url.slice(start + 1));
  if (!query.has('token')) return url;
  query.set('token', 'hidden');
  return `${url.slice(0, start)}?${query.toString()}`;
}

/** Fastify's request log line, with loggableUrl. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
