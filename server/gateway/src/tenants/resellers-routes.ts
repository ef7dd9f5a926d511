import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resellerListSchema, resellerSchema, resellerUpdateSchema, resellerUsageSchema, tenantDomainSchema, type Reseller, type ResellerUsage, type User } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import { ApiError } from '../product/api-errors';
import { requireCaller } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import { isReseller, requireRoleOver, resellerDomainOf, type GrantCheck, type TenantRole } from './tenant-access';
import { DEFAULT_TENANT_KEY } from './tenant-layers';
import { blankTenant, type StoredTenant, type TenantStore } from './tenant-store';

export interface ResellersRoutesOptions {
  store: TenantStore;
  /** The caller's advanced permissions (reseller bits 104/105). */
  allows: GrantCheck;
  callers: CallerResolver;
  traccar: TraccarClient;
  audit: AuditLog;
  /** What the tree of the reseller who owns a domain holds against its limits (see ../policy/reseller-trees.ts). */
  usageOf(ownerUserId: number): Promise<ResellerUsage>;
}

/** A reseller's domain, or `*` for the default tenant (administrators only). */
const paramsSchema = z.object({ domain: z.union([z.literal(DEFAULT_TENANT_KEY), tenantDomainSchema]) });

const toReseller = ({ domain, ownerUserId, parentUserId, remotes, config, theme, deviceLimit, userLimit }: StoredTenant): Reseller => ({
  domain,
  ownerUserId,
  parentUserId,
  remotes,
  config,
  theme,
  deviceLimit,
  userLimit,
});

const withinLimit = (value: number, ceiling: number) => ceiling === -1 || (value !== -1 && value <= ceiling);

/**
 * `GET/PUT/DELETE /rastro/resellers/{domain}` and `GET /rastro/resellers`: reseller domains and
 * their white label (SPEC §3 reseller fields). See ./tenant-access.ts for who may do what.
 */
export function registerResellersRoutes(app: FastifyInstance, routes: ProductRoutes, { store, allows, callers, traccar, audit, usageOf }: ResellersRoutesOptions): void {
  const access = { store, allows };
  /** Before anything is read: administrators, and resellers their advanced permissions (bit 104) keep. */
  const authorize = async (request: FastifyRequest): Promise<User> => {
    const caller = await requireCaller(callers, request);
    if (!caller.administrator && !(await isReseller(caller, allows))) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Resellers and administrators only');
    return caller;
  };

  const list = { method: 'GET', path: '/resellers', summary: 'Reseller domains: every one for administrators, a reseller its own and its sub-resellers', tag: 'White label', response: resellerListSchema, authorize } as const;
  routes.add(app, list, async ({ caller }) => {
    if (!caller.administrator && !(await store.list(caller.id)).length) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Resellers and administrators only');
    return { resellers: (await store.list(caller.administrator ? null : caller.id)).map(toReseller) };
  });

  const read = { method: 'GET', path: '/resellers/:domain', summary: "One reseller domain's settings (only what it sets itself)", tag: 'White label', params: paramsSchema, response: resellerSchema, authorize } as const;
  routes.add(app, read, async ({ params, caller }) => {
    const tenant = await store.find(params.domain);
    await requireRoleOver(caller, params.domain, tenant, access);
    if (!tenant) throw new ApiError(404, 'NOT_FOUND', `No reseller domain ${params.domain}`);
    return toReseller(tenant);
  });

  const usage = {
    method: 'GET',
    path: '/resellers/:domain/usage',
    summary: "Devices and users the domain's reseller tree holds against its limits (none for a domain without an owner)",
    tag: 'White label',
    params: paramsSchema,
    response: resellerUsageSchema,
    authorize,
  } as const;
  routes.add(app, usage, async ({ params, caller }) => {
    const tenant = await store.find(params.domain);
    await requireRoleOver(caller, params.domain, tenant, access);
    if (!tenant) throw new ApiError(404, 'NOT_FOUND', `No reseller domain ${params.domain}`);
    return tenant.ownerUserId === null ? { devices: 0, users: 0 } : usageOf(tenant.ownerUserId);
  });

  const save = {
    method: 'PUT',
    path: '/resellers/:domain',
    summary: 'Create or replace a reseller domain: owner, remotes, config, theme, limits',
    tag: 'White label',
    params: paramsSchema,
    body: resellerUpdateSchema,
    response: resellerSchema,
    authorize,
    callers: 'reseller',
  } as const;
  routes.add(app, save, async ({ request, params, body, caller }) => {
    const before = await store.find(params.domain);
    const role = await requireRoleOver(caller, params.domain, before, access);
    const current = before ?? blankTenant(params.domain);
    await checkFieldsForRole(role, caller, request, current, body);
    const saved = await store.save({
      ...current,
      ...body,
      // A parent reseller's sub-reseller stays its own; an administrator's change keeps the lineage.
      parentUserId: role === 'parent' ? caller.id : current.parentUserId,
    });
    await audit.record({ actor: caller, action: before ? 'update' : 'create', objectType: 'reseller', changes: { domain: params.domain, ...body }, before: before ?? undefined, request });
    return toReseller(saved);
  });

  const remove = {
    method: 'DELETE',
    path: '/resellers/:domain',
    summary: 'Remove a reseller domain and its images (the domain then gets the default tenant)',
    tag: 'White label',
    params: paramsSchema,
    authorize,
    callers: 'reseller',
  } as const;
  routes.add(app, remove, async ({ request, params, caller }) => {
    const before = await store.find(params.domain);
    const role = await requireRoleOver(caller, params.domain, before, access);
    if (role === 'owner') throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'A reseller cannot remove its own domain');
    if (!before || !(await store.remove(params.domain))) throw new ApiError(404, 'NOT_FOUND', `No reseller domain ${params.domain}`);
    await audit.record({ actor: caller, action: 'delete', objectType: 'reseller', changes: { domain: params.domain }, before, request });
    return undefined;
  });

  /** What a reseller may not set: its own owner and limits; a sub-reseller beyond its own limits or owned by a stranger. */
  async function checkFieldsForRole(role: TenantRole, caller: User, request: FastifyRequest, current: StoredTenant, body: z.output<typeof resellerUpdateSchema>): Promise<void> {
    if (role === 'administrator') return;
    if (role === 'owner') {
      const changed = (['ownerUserId', 'deviceLimit', 'userLimit'] as const).filter((field) => body[field] !== current[field]);
      if (changed.length) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Only an administrator or the parent reseller changes these', changed);
      return;
    }
    const ownDomain = resellerDomainOf(caller);
    const own = ownDomain ? await store.find(ownDomain) : null;
    const beyond = (['deviceLimit', 'userLimit'] as const).filter((field) => !withinLimit(body[field], own?.[field] ?? 0));
    if (beyond.length) throw new ApiError(403, 'USER_DEVICE_LIMIT_REACHED', "A sub-reseller's limits cannot exceed the reseller's own", beyond);
    // The owner must be a user the reseller manages: the tracking server shows it only those.
    if (body.ownerUserId !== null && body.ownerUserId !== current.ownerUserId) {
      const user = await traccar.send({ path: `/api/users/${body.ownerUserId}`, credentials: credentialsOf(request.headers) });
      await user.body?.cancel();
      if (user.status !== 200) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'The owner must be one of your users', ['ownerUserId']);
    }
  }
}
