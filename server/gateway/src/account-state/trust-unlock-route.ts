import type { FastifyInstance } from 'fastify';
import { accountStateSchema, trustUnlockRequestSchema, trustUnlockResultSchema, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { requireAdministrator } from '../product/caller-guard';
import { idParamsSchema } from '../product/id-params';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import { ACCOUNT_STATES_TAG } from './account-state-routes';
import type { AccountStateStore } from './account-state-store';
import type { TrustUnlocks } from './trust-unlock';

export interface TrustUnlockRoutesOptions {
  trust: TrustUnlocks;
  store: AccountStateStore;
  callers: CallerResolver;
  traccar: TraccarClient;
}

/**
 * `POST /rastro/billing/trust-unlock`: public, as it is asked from the login screen with the refused
 * credentials; `POST /rastro/users/{id}/trust-unlock`: the same unlock given by an administrator.
 */
export function registerTrustUnlockRoutes(app: FastifyInstance, routes: ProductRoutes, { trust, store, callers, traccar }: TrustUnlockRoutesOptions): void {
  const unlock = {
    method: 'POST',
    path: '/billing/trust-unlock',
    summary:
      "A suspended account's one trust unlock, with the login and password it could not sign in with: active for its trust days, signed in (the session cookie is set). 401 HTTP_401_UNAUTHORIZED, 409 ACCOUNT_NOT_SUSPENDED, 403 TRUST_UNLOCK_NOT_ALLOWED, 409 TRUST_UNLOCK_ALREADY_USED, 429 TOO_MANY_REQUESTS",
    tag: ACCOUNT_STATES_TAG,
    public: true,
    body: trustUnlockRequestSchema,
    response: trustUnlockResultSchema,
  } as const;
  routes.add(app, unlock, async ({ request, reply, body }) => {
    const { session, trustEndsAt } = await trust.unlock(body, request);
    void reply.header('set-cookie', session.setCookie);
    return { user: session.user, trustEndsAt: trustEndsAt.toISOString() };
  });

  const grant = {
    method: 'POST',
    path: '/users/:id/trust-unlock',
    summary: "An administrator unlocks a suspended account on trust (once per suspension; the user's trust days, else one day). 409 ACCOUNT_NOT_SUSPENDED, 409 TRUST_UNLOCK_ALREADY_USED",
    tag: ACCOUNT_STATES_TAG,
    params: idParamsSchema,
    response: accountStateSchema,
    authorize: (request: Parameters<typeof requireAdministrator>[1]) => requireAdministrator(callers, request),
    callers: 'administrator',
  } as const;
  routes.add(app, grant, async ({ request, params, caller }) => {
    const users = await traccar.json<User[]>({ path: '/api/users', credentials: credentialsOf(request.headers) });
    const user = users.find((candidate) => candidate.id === params.id);
    if (!user) throw new ApiError(404, 'NOT_FOUND', 'No such user');
    await trust.grant(user, caller, request);
    return store.get(params.id);
  });
}
