import type { FastifyInstance, FastifyRequest } from 'fastify';
import { autolinkRequestSchema, autolinkResultSchema } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import { requireCaller } from '../product/caller-guard';
import { requestDomain } from '../product/request-domain';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf } from '../traccar/traccar-client';
import { autolink, type AutolinkDependencies } from './autolink';

export interface AutolinkRouteOptions extends AutolinkDependencies {
  callers: CallerResolver;
  audit: AuditLog;
}

/** `POST /rastro/autolink` (SPEC §2 "add device"): see autolink.ts. */
export function registerAutolinkRoute(app: FastifyInstance, routes: ProductRoutes, options: AutolinkRouteOptions): void {
  const spec = {
    method: 'POST',
    path: '/autolink',
    summary: 'Add a device by IMEI: link a stock device to the caller, or create it within the caller’s limits',
    tag: 'Devices',
    body: autolinkRequestSchema,
    response: autolinkResultSchema,
    callers: 'device-writer',
    // Whether the caller may add a device at all (account, advanced permissions, limits), before its input is read.
    authorize: async (request: FastifyRequest) => {
      const caller = await requireCaller(options.callers, request);
      const permit = await options.writePolicy.check({ method: 'POST', path: '/api/devices', credentials: credentialsOf(request.headers), domain: requestDomain(request), readBody: async () => undefined });
      permit.release();
      return caller;
    },
  } as const;
  routes.add(app, spec, async ({ request, body, caller }) => {
    const result = await autolink(options, caller, credentialsOf(request.headers), body, requestDomain(request));
    await options.audit.record({ actor: caller, action: 'autolink', objectType: 'device', objectId: result.device.id, changes: { ...body, outcome: result.outcome }, request });
    return result;
  });
}
