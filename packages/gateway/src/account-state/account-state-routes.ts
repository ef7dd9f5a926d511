import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import { requireAdministrator } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { accountStateSchema, type AccountStateStore } from './account-state-store';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const TAG = 'Account states';

/** `GET|PUT /rastro/users/{id}/account-state`: administrators suspend and reactivate accounts (billing plugs in here). */
export function registerAccountStateRoutes(app: FastifyInstance, routes: ProductRoutes, { store, callers, audit }: { store: AccountStateStore; callers: CallerResolver; audit: AuditLog }): void {
  const authorize = (request: Parameters<typeof requireAdministrator>[1]) => requireAdministrator(callers, request);

  const read = { method: 'GET', path: '/users/:id/account-state', summary: "A user's account state (active unless suspended)", tag: TAG, params: idParams, response: accountStateSchema, authorize } as const;
  routes.add(app, read, async ({ params }) => store.get(params.id));

  const body = accountStateSchema.refine((value) => value.state === 'active' || value.reason !== null, { message: 'A suspension needs a reason', path: ['reason'] });
  const write = { method: 'PUT', path: '/users/:id/account-state', summary: 'Suspend (with a reason) or reactivate an account; a suspended user cannot sign in, and open sessions stop working', tag: TAG, params: idParams, body, response: accountStateSchema, authorize } as const;
  routes.add(app, write, async ({ request, params, body: state, caller }) => {
    const before = await store.get(params.id);
    await store.set(params.id, state, caller.id);
    await audit.record({ actor: caller, action: 'update', objectType: 'accountState', objectId: params.id, subjectUserId: params.id, changes: state, before, request });
    return store.get(params.id);
  });
}
