import type { FastifyRequest } from 'fastify';
import type { Edition, User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { requireCaller, requirePaidEdition } from '../product/caller-guard';
import { requestDomain } from '../product/request-domain';
import type { CallerResolver } from '../traccar/caller-resolver';
import { isReseller, requireRoleOver, type GrantCheck } from '../tenants/tenant-access';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { TenantStore } from '../tenants/tenant-store';

export interface ThemeWriterDeps {
  callers: CallerResolver;
  tenants: TenantResolver;
  store: TenantStore;
  edition: Edition;
  /** The caller's advanced permissions (reseller bits 104/105). */
  allows: GrantCheck;
}

/**
 * Who may change themes at all, decided before the request is read: themes are a paid-edition
 * feature (SPEC §1), for administrators and resellers. Which theme is `themeWriteTarget`'s call.
 */
export async function authorizeThemeWriter(deps: ThemeWriterDeps, request: FastifyRequest): Promise<User> {
  const caller = await requireCaller(deps.callers, request);
  requirePaidEdition(deps.edition, 'Themes');
  if (!caller.administrator && !(await isReseller(caller, deps.allows))) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Administrators and resellers only');
  return caller;
}

/**
 * Whose theme a write changes: an administrator any tenant's, a reseller its own domain's or its
 * sub-resellers'. Without `domain` the theme is the one the request's own domain shows.
 */
export async function themeWriteTarget(deps: ThemeWriterDeps, caller: User, request: FastifyRequest, domain: string | undefined): Promise<string> {
  const key = domain ?? (await deps.tenants.keyFor(requestDomain(request)));
  const tenant = await deps.store.find(key);
  const role = await requireRoleOver(caller, key, tenant, deps);
  // Otherwise a theme would create the domain with no owner and no parent, out of its reseller's reach.
  if (role === 'parent' && !tenant) throw new ApiError(404, 'NOT_FOUND', `Create the reseller domain ${key} first`);
  return key;
}
