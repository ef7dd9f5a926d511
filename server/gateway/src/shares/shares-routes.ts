import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createdShareSchema, shareInputSchema, shareLoginSchema, shareSchema, userSchema } from '@rastro/shared/contract';
import { requireCaller } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ShareService } from './share-service';
import { idParamsSchema } from '../product/id-params';

const TAG = 'Shares';

/**
 * `GET|POST /rastro/shares`, `PUT|DELETE /rastro/shares/{id}`, `POST /rastro/shares/{id}/link`, and `POST /rastro/shares/login`,
 * which the `/share/<token>` page calls to sign the browser in as the link's read-only user.
 */
export function registerSharesRoutes(app: FastifyInstance, routes: ProductRoutes, shares: ShareService, callers: CallerResolver): void {
  const signedIn = (request: FastifyRequest) => requireCaller(callers, request);
  /** A caller who may make this change to share links at all, decided before the request is read. */
  const mayShare = (action: 'create' | 'edit' | 'delete') => async (request: FastifyRequest) => {
    const caller = await requireCaller(callers, request);
    await shares.requireMayShare(caller, action);
    return caller;
  };

  const list = { method: 'GET', path: '/shares', summary: "The caller's share links (an administrator's: all), without tokens", tag: TAG, response: z.array(shareSchema), authorize: signedIn } as const;
  routes.add(app, list, async ({ caller }) => shares.list(caller));

  const create = {
    method: 'POST',
    path: '/shares',
    summary: 'Create a share link; the answer is the only time its token is shown',
    tag: TAG,
    body: shareInputSchema,
    response: createdShareSchema,
    authorize: mayShare('create'),
    callers: 'sharer',
  } as const;
  routes.add(app, create, async ({ request, body, caller }) => shares.create(caller, body, request));

  const update = {
    method: 'PUT',
    path: '/shares/:id',
    summary: "Change a share link's name, devices or expiry",
    tag: TAG,
    params: idParamsSchema,
    body: shareInputSchema,
    response: shareSchema,
    authorize: mayShare('edit'),
    callers: 'sharer',
  } as const;
  routes.add(app, update, async ({ request, params, body, caller }) => shares.update(caller, params.id, body, request));

  const newLink = {
    method: 'POST',
    path: '/shares/:id/link',
    summary: 'A new token for a share link (the only time it is shown); the link sent before stops working',
    tag: TAG,
    params: idParamsSchema,
    response: createdShareSchema,
    authorize: mayShare('edit'),
    callers: 'sharer',
  } as const;
  routes.add(app, newLink, async ({ request, params, caller }) => shares.newLink(caller, params.id, request));

  const remove = { method: 'DELETE', path: '/shares/:id', summary: 'End a share link now', tag: TAG, params: idParamsSchema, authorize: mayShare('delete'), callers: 'sharer' } as const;
  routes.add(app, remove, async ({ request, params, caller }) => {
    await shares.delete(caller, params.id, request);
    return undefined;
  });

  const login = {
    method: 'POST',
    path: '/shares/login',
    summary: "Sign in with a share link's token: sets the tracking-server session cookie, answers the user (403 INVALID_SHARE when unknown or expired)",
    tag: TAG,
    public: true,
    body: shareLoginSchema,
    response: userSchema,
  } as const;
  routes.add(app, login, async ({ request, reply, body }) => {
    const session = await shares.signIn(body.token, request);
    void reply.header('set-cookie', session.setCookie);
    return session.user;
  });
}
