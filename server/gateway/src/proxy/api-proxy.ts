import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProxyPolicy } from '../policy/policy-proxy';
import { requestCaller } from '../traccar/request-caller';
import type { Credentials } from '../traccar/traccar-client';
import { DEFAULT_TRACCAR_TIMEOUT_MS, TraccarUnavailableError } from '../traccar/traccar-unavailable';
import { withForwardedHeaders } from './forwarded-headers';

/**
 * `/api/*` → the tracking server, every method. @fastify/http-proxy streams bodies through
 * untouched (it swaps in a pass-through content parser), so a form-encoded `POST /api/session`
 * reaches Traccar byte for byte, and Set-Cookie, status codes and text bodies (Traccar's 401
 * stack-trace text) come back as Traccar sent them.
 *
 * With a `policy`, writes are checked before they are forwarded and some answers are adjusted
 * (see ../policy/). The websocket `/api/socket` is not handled here: see socket-relay.ts.
 */
/** The request's headers with its credentials replaced by those checked to name its caller (see registerRequestCallers). */
function withCheckedCredentials(headers: IncomingHttpHeaders, forward: Credentials): IncomingHttpHeaders {
  const { cookie: _cookie, authorization: _authorization, ...rest } = headers;
  return { ...rest, ...(forward.cookie ? { cookie: forward.cookie } : {}), ...(forward.authorization ? { authorization: forward.authorization } : {}) };
}

export function registerApiProxy(app: FastifyInstance, traccarUrl: string, policy?: ProxyPolicy, timeoutMs = DEFAULT_TRACCAR_TIMEOUT_MS): void {
  void app.register(httpProxy, {
    upstream: traccarUrl,
    // A frozen tracking server is a 504 after `timeoutMs` without its answer's headers; a long
    // report download, once it has begun, is not cut (no body timeout).
    undici: { headersTimeout: timeoutMs, bodyTimeout: 0 },
    ...(policy ? { preHandler: policy.preHandler, handler: policy.handler } : {}),
    prefix: '/api',
    // Keep the prefix: Traccar's own paths start with /api too.
    rewritePrefix: '/api',
    websocket: false,
    replyOptions: {
      // The tracking server is down or too slow: a gateway error (502/504) with a code the shell can
      // recognise, instead of reply-from's generic 500.
      onError: (reply, { error }) => {
        const unavailable = new TraccarUnavailableError((error as { statusCode?: number }).statusCode === 504, { cause: error });
        reply.log.warn({ err: error }, 'tracking server unavailable');
        void reply.code(unavailable.statusCode).send(unavailable.toBody());
      },
      rewriteRequestHeaders: (request, headers) =>
        withForwardedHeaders(withCheckedCredentials(headers, requestCaller(request as FastifyRequest)?.forward ?? {}), {
          // The immediate peer: X-Forwarded-For from a load balancer in front is kept and appended to.
          ip: request.socket.remoteAddress ?? '',
          protocol: request.protocol,
          host: request.headers.host,
        }),
    },
  });
}
