import type { FastifyInstance } from 'fastify';
import { trustUnlockRequestSchema, trustUnlockResultSchema } from '@rastro/shared/contract';
import type { ProductRoutes } from '../product/product-routes';
import { ACCOUNT_STATES_TAG } from './account-state-routes';
import type { TrustUnlocks } from './trust-unlock';

/** `POST /rastro/billing/trust-unlock`: public, as it is asked from the login screen with the refused credentials. */
export function registerTrustUnlockRoute(app: FastifyInstance, routes: ProductRoutes, trust: TrustUnlocks): void {
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
}
