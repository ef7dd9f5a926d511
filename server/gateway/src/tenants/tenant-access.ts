import { attributeFlag, rastroAttributeKeys, type PermissionGrant, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { DEFAULT_TENANT_KEY } from './tenant-layers';
import type { StoredTenant, TenantStore } from './tenant-store';

/**
 * How a caller stands towards one tenant:
 * - `administrator`: any tenant, every field;
 * - `owner`: the reseller the tenant belongs to — its theme, config and remotes, not its owner or limits;
 * - `parent`: a reseller allowed sub-resellers, over the domains it created (or is creating).
 */
export type TenantRole = 'administrator' | 'owner' | 'parent';

/** Whether a user's advanced permissions (SPEC §6) allow one area/action, with the server's settings and the edition. */
export type GrantCheck = (user: User, grant: PermissionGrant) => Promise<boolean>;

/** Who may act as a reseller: stored ownership decides whose domain; bits 104 (reseller) and 105 (sub-resellers) decide whether at all. */
export interface TenantAccess {
  store: TenantStore;
  allows: GrantCheck;
}

/** The domain a reseller user says is its own (`rastro.resellerDomain`), lower-case. */
export function resellerDomainOf(user: User): string | null {
  const domain = user.attributes[rastroAttributeKeys.resellerDomain];
  return typeof domain === 'string' && domain.trim() ? domain.trim().toLowerCase() : null;
}

/**
 * The caller's role over `key`, or null. Ownership is the stored `ownerUserId`, which only an
 * administrator or a parent reseller sets: Traccar lets users edit their own attributes, so the
 * `rastro.reseller*` attributes alone must not hand anyone a domain.
 */
export async function roleOver(caller: User, key: string, tenant: StoredTenant | null, { store, allows }: TenantAccess): Promise<TenantRole | null> {
  if (caller.administrator) return 'administrator';
  if (key === DEFAULT_TENANT_KEY || !(await isReseller(caller, allows))) return null;
  const ownDomain = resellerDomainOf(caller);
  if (tenant && tenant.ownerUserId === caller.id && tenant.domain === ownDomain) return 'owner';
  if (!attributeFlag(caller.attributes, rastroAttributeKeys.canCreateSubResellers) || !(await allows(caller, ['reseller', 'subReseller']))) return null;
  if (tenant ? tenant.parentUserId !== caller.id : !(await isRegisteredReseller(caller, ownDomain, store))) return null;
  return 'parent';
}

/** A reseller user whose advanced permissions (when on) keep the reseller area (bit 104). */
export async function isReseller(caller: User, allows: GrantCheck): Promise<boolean> {
  return attributeFlag(caller.attributes, rastroAttributeKeys.reseller) && (await allows(caller, ['reseller', 'view']));
}

/** A reseller an administrator (or a parent) has given a domain: only those may create sub-resellers. */
async function isRegisteredReseller(caller: User, ownDomain: string | null, store: TenantStore): Promise<boolean> {
  const own = ownDomain ? await store.find(ownDomain) : null;
  return own?.ownerUserId === caller.id;
}

/** `roleOver`, or 403 WRITE_ACCESS_DENIED. */
export async function requireRoleOver(caller: User, key: string, tenant: StoredTenant | null, access: TenantAccess): Promise<TenantRole> {
  const role = await roleOver(caller, key, tenant, access);
  if (!role) throw new ApiError(403, 'WRITE_ACCESS_DENIED', `Not allowed to manage ${key === DEFAULT_TENANT_KEY ? 'the default tenant' : key}`);
  return role;
}
