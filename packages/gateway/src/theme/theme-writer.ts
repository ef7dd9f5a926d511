import type { FastifyRequest } from 'fastify';
import type { Edition, User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { requireCaller, requirePaidEdition } from '../product/caller-guard';
import { requestDomain } from '../product/request-domain';
import type { CallerResolver } from '../traccar/caller-resolver';
import { requireRoleOver } from '../tenants/tenant-access';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { TenantStore } from '../tenants/tenant-store';

export interface ThemeWriterDeps {
  callers: CallerResolver;
  tenants: TenantResolver;
  store: TenantStore;
  edition: Edition;
}

/**
 * Who may change a theme, and whose: themes are a paid-edition feature (SPEC §1); an
 * administrator changes any tenant's, a reseller its own domain's or its sub-resellers'.
 * Without `domain` the theme is the one the request's own domain shows.
 */
export async function requireThemeWriter(deps: ThemeWriterDeps, request: FastifyRequest, domain: string | undefined): Promise<{ caller: User; key: string }> {
  const caller = await requireCaller(deps.callers, request);
  requirePaidEdition(deps.edition, 'Themes');
  const key = domain ?? (await deps.tenants.keyFor(requestDomain(request)));
  const tenant = await deps.store.find(key);
  const role = await requireRoleOver(caller, key, tenant, deps.store);
  // Otherwise a theme would create the domain with no owner and no parent, out of its reseller's reach.
  if (role === 'parent' && !tenant) throw new ApiError(404, 'NOT_FOUND', `Create the reseller domain ${key} first`);
  return { caller, key };
}
