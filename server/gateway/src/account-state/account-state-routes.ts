import type { FastifyInstance } from 'fastify';
import { accountStateSchema, accountStateUpdateSchema } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import { requireAdministrator } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { AccountStateStore } from './account-state-store';
import { idParamsSchema } from '../product/id-params';

export const ACCOUNT_STATES_TAG = 'Account states';

export interface AccountStateRoutesOptions {
  store: AccountStateStore;
  callers: CallerResolver;
  audit: AuditLog;
  /** Every gateway: a change is read anew everywhere, and a suspension closes the user's sockets. */
  cluster?: Pick<ClusterEvents, 'publish'>;
}

/** `GET|PUT /rastro/users/{id}/account-state`: administrators suspend and reactivate accounts (billing plugs in here). */
export function registerAccountStateRoutes(app: FastifyInstance, routes: ProductRoutes, { store, callers, audit, cluster }: AccountStateRoutesOptions): void {
  const authorize = (request: Parameters<typeof requireAdministrator>[1]) => requireAdministrator(callers, request);

  const read = { method: 'GET', path: '/users/:id/account-state', summary: "A user's account state (active unless suspended), with its trust period", tag: ACCOUNT_STATES_TAG, params: idParamsSchema, response: accountStateSchema, authorize } as const;
  routes.add(app, read, async ({ params }) => store.get(params.id));

  const write = {
    method: 'PUT',
    path: '/users/:id/account-state',
    summary: 'Suspend (with a reason) or reactivate an account; a suspended user cannot sign in, and open sessions and sockets stop working. Reactivating ends the suspension (a later one may be trusted again)',
    tag: ACCOUNT_STATES_TAG,
    params: idParamsSchema,
    body: accountStateUpdateSchema,
    response: accountStateSchema,
    authorize,
    callers: 'administrator',
  } as const;
  routes.add(app, write, async ({ request, params, body: update, caller }) => {
    const before = await store.get(params.id);
    await store.set(params.id, update, caller.id);
    await cluster?.publish({ name: 'accountStateChanged', payload: { userId: params.id, state: update.state } });
    await audit.record({ actor: caller, action: 'update', objectType: 'accountState', objectId: params.id, subjectUserId: params.id, changes: update, before, request });
    return store.get(params.id);
  });
}
