import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { checkedCredentials, type CallerResolver } from './caller-resolver';
import { credentialsOf, type Credentials } from './traccar-client';
import { TraccarUnavailableError } from './traccar-unavailable';

/** The one caller of a tracking-API request, decided once, and what may be forwarded for it. */
export interface RequestCaller {
  /** Who the request's credentials name; null for none, or none that names anybody. */
  user: User | null;
  /** The credentials the tracking server gets: only those checked to name `user` (none for null). */
  forward: Credentials;
}

const callers = new WeakMap<FastifyRequest, RequestCaller>();

/**
 * Signing in and password recovery: the tracking server acts on the form's login or token, for
 * nobody the request's credentials name (a sign-in only ends the session its cookie names), so
 * they pass as sent and are not asked about — a stale cookie must not stand in the way of a login.
 */
function actsForNobody(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] as string;
  return request.method === 'POST' && (path === '/api/session' || path.startsWith('/api/password/'));
}

/**
 * Resolves the caller of every `/api` request before anything else looks at it (policy, reads,
 * suspension, audit, the proxy): one answer per request, so what is judged, what is recorded and
 * whom the tracking server acts for are the same user. Credentials that disagree, or one that names
 * nobody beside one that names someone, are refused with 401 before anything is forwarded.
 */
export function registerRequestCallers(app: FastifyInstance, resolver: CallerResolver): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return undefined;
    const credentials = credentialsOf(request.headers);
    if (actsForNobody(request)) {
      callers.set(request, { user: null, forward: credentials });
      return undefined;
    }
    try {
      const user = await resolver.resolve(credentials);
      callers.set(request, { user, forward: checkedCredentials(credentials, user) });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());
      // A frozen tracking server is a 504 TRACCAR_TIMEOUT, a stopped one a 502 (README: Faults).
      const unavailable = error instanceof TraccarUnavailableError ? error : new TraccarUnavailableError(false, { cause: error });
      request.log.warn({ err: error }, 'caller: tracking server unavailable');
      return reply.code(unavailable.statusCode).send(unavailable.toBody());
    }
  });
}

/** The caller registerRequestCallers decided for this request; undefined outside `/api`. */
export function requestCaller(request: FastifyRequest): RequestCaller | undefined {
  return callers.get(request);
}
