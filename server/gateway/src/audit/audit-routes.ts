import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditPageSchema, auditQuerySchema, type Edition } from '@rastro/shared/contract';
import { requirePaidAdministrator } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { AuditLog, AuditScope } from './audit-log';
import { idParamsSchema } from '../product/id-params';

export interface AuditRoutesOptions {
  audit: AuditLog;
  callers: CallerResolver;
  edition: Edition;
}


/**
 * The advanced logs (SPEC §7): `GET /rastro/server/logs` (everything), `/rastro/devices/{id}/logs`
 * and `/rastro/users/{id}/logs` (what the user did, and what was done to it). Administrators of the
 * paid edition only.
 */
export function registerAuditRoutes(app: FastifyInstance, routes: ProductRoutes, { audit, callers, edition }: AuditRoutesOptions): void {
  const requireAccess = (request: FastifyRequest) => requirePaidAdministrator(callers, request, edition, 'Logs');
  const common = { method: 'GET', tag: 'Logs', query: auditQuerySchema, response: auditPageSchema, authorize: requireAccess } as const;

  routes.add(app, { ...common, path: '/server/logs', summary: 'Every recorded write, newest first' }, async ({ query }) => {
    return audit.list({ kind: 'server' }, query);
  });

  for (const kind of ['device', 'user'] as const) {
    const summary = kind === 'device' ? "A device's recorded writes, newest first" : 'Writes a user made or that concerned it, newest first';
    routes.add(app, { ...common, path: `/${kind}s/:id/logs`, summary, params: idParamsSchema }, async ({ params, query }) => {
      const scope: AuditScope = { kind, id: params.id };
      return audit.list(scope, query);
    });
  }
}
