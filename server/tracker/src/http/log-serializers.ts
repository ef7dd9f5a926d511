import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials or one-time secrets (the socket's and the token login's `token`, …). */
const SECRET_PARAMETER = /token|password|passwd|secret|key|session|auth/i;
/** Paths that carry a secret as a segment: the password-recovery page `/login/recover/<token>`. */
const SECRET_SEGMENT = /(\/recover\/)[^/?#]+/gi;

const HIDDEN = 'hidden';

/** A URL as it may be logged: secret query values and path segments replaced by `hidden`. */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  const path = (start === -1 ? url : url.slice(0, start)).replace(SECRET_SEGMENT, `$1${HIDDEN}`);
  if (start === -1) return path;
  const query = new URLSearchParams(url.slice(start + 1));
  let hid = false;
  for (const name of new Set(query.keys())) {
    if (!SECRET_PARAMETER.test(name)) continue;
    query.set(name, HIDDEN);
    hid = true;
  }
  return hid ? `${path}?${query.toString()}` : `${path}${url.slice(start)}`;
}

/** Fastify's request log line, with loggableUrl (and never a header: cookies and Authorization stay out). */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Object paths pino censors wherever a log call passes them (an error's request, a handler's
 * context): credentials, cookies and secrets never reach a log line.
 */
export const logRedactPaths: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'password',
  'token',
  'cookie',
  'authorization',
  '*.password',
  '*.token',
  '*.cookie',
  '*.authorization',
  '*.secret',
];

/** Fastify logger options with the serializers and redaction above, at `level`. */
export function redactingLoggerOptions(level: string): { level: string; serializers: typeof logSerializers; redact: { paths: string[]; censor: string } } {
  return { level, serializers: logSerializers, redact: { paths: [...logRedactPaths], censor: `[${HIDDEN}]` } };
}
