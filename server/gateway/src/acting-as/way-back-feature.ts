import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userSchema, WAY_BACK_HEADER, WAY_BACK_HOURS, wayBackSchema } from '@rastro/shared/contract';
import type { Database } from '@rastro/db';
import { ApiError } from '../product/api-errors';
import { requireCaller } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { SocketRelay } from '../proxy/socket-relay';
import { sessionCookieValues, type CallerResolver } from '../traccar/caller-resolver';
import { requestCaller } from '../traccar/request-caller';
import type { ServiceAccount } from '../traccar/service-account';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import { endTrackerSession } from '../traccar/tracker-sessions';
import { sessionHashOf, WayBackStore } from './way-back-store';

const LOG_IN_AS = /^\/api\/session\/\d+$/;
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] as string;

/** The session ids an answer's Set-Cookie headers open. */
function openedSessions(setCookie: unknown): string[] {
  const headers = ([] as unknown[]).concat(setCookie ?? []).map(String);
  return sessionCookieValues(headers.map((header) => header.split(';', 1)[0]).join('; '));
}

/**
 * On the tracking API: "log in as" (`POST /api/session/{id}`, judged by the policy before it gets
 * here) answers with a way back in WAY_BACK_HEADER, tied to the session now acting as the other
 * user; signing that session out (`DELETE /api/session`) ends its ways back. Register before the
 * /api proxy.
 */
export function registerWayBackHooks(app: FastifyInstance, db: Database): void {
  const store = new WayBackStore(db);
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request);
    if (request.method === 'POST' && LOG_IN_AS.test(path) && reply.statusCode === 200) {
      // The caller as it was before the switch (decided when the request came in).
      const original = requestCaller(request)?.user;
      // The tracker opens a new session for the other user; Traccar names the other user in the same one.
      const session = openedSessions(reply.getHeader('set-cookie'))[0] ?? sessionCookieValues(request.headers.cookie)[0];
      const actingUserId = Number(path.slice(path.lastIndexOf('/') + 1));
      if (original && session && original.id !== actingUserId) {
        const token = await store.issue({ userId: original.id, actingUserId, sessionHash: sessionHashOf(session), expiresAt: new Date(Date.now() + WAY_BACK_HOURS * 3_600_000) });
        void reply.header(WAY_BACK_HEADER, token);
      }
    }
    if (request.method === 'DELETE' && path === '/api/session' && reply.statusCode < 400) {
      for (const session of sessionCookieValues(request.headers.cookie)) await store.endSession(sessionHashOf(session));
    }
    return payload;
  });
}

export interface WayBackRouteOptions {
  db: Database;
  traccar: TraccarClient;
  callers: CallerResolver;
  serviceAccount: ServiceAccount;
  relay?: Pick<SocketRelay, 'endSession'>;
}

/**
 * `POST /rastro/session/way-back`: from the session acting as another user, back to the account
 * that used "log in as". The token works once, only from the session it was made for, and that
 * session ends: the browser gets the original account's own new session.
 */
export function registerWayBackRoute(app: FastifyInstance, routes: ProductRoutes, { db, traccar, callers, serviceAccount, relay }: WayBackRouteOptions): void {
  const store = new WayBackStore(db);
  const refused = () => new ApiError(403, 'WAY_BACK_INVALID', 'This way back is unknown, already used, expired, or not of this session');
  const back = {
    method: 'POST',
    path: '/session/way-back',
    summary: 'Back from "log in as" to the account that used it, with the one-use token its answer carried; sets that account\'s session cookie and answers the user',
    tag: 'Session',
    body: wayBackSchema,
    response: userSchema,
    authorize: (request: FastifyRequest) => requireCaller(callers, request),
    callers: 'signed-in',
  } as const;
  routes.add(app, back, async ({ request, reply, body, caller }) => {
    // Taken out first: a token shown from the wrong session is spent all the same.
    const entry = await store.take(body.token);
    const session = sessionCookieValues(request.headers.cookie).find((id) => entry && sessionHashOf(id) === entry.sessionHash);
    if (!entry || !session || entry.actingUserId !== caller.id) throw refused();
    const opened = await serviceAccount.openSessionAs(entry.userId);
    if (!opened) throw refused();
    // The session that acted as the other user is over, on the tracking server and here.
    await endTrackerSession(traccar, `JSESSIONID=${session}`);
    callers.forget(credentialsOf(request.headers));
    if (request.headers.cookie) relay?.endSession(request.headers.cookie);
    void reply.header('set-cookie', opened.setCookie);
    return opened.user;
  });
}
