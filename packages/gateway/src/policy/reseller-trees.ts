import { isSoftDeletedUniqueId, UNLIMITED, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import type { StoredTenant, TenantStore } from '../tenants/tenant-store';
import type { ServiceAccount } from '../traccar/service-account';

/** Which of a reseller's limits a write counts against. */
export type ResellerLimitKind = 'deviceLimit' | 'userLimit';

/** A reseller domain with a limit, and every user of its tree (its owner included). */
export interface ResellerScope {
  tenant: StoredTenant & { ownerUserId: number };
  members: ReadonlySet<number>;
}

type UserRow = { id: number };
type DeviceRow = { id: number; uniqueId: string };

/**
 * A reseller's tree (SPEC §3 reseller fields: its limits hold for "the reseller's whole tree"):
 * the domain's owner, every user it manages on the tracking server, recursively, and the owners of
 * the sub-reseller domains it created, with their trees. Read through the service account at each
 * creation, never cached: a limit must stop the very next write.
 */
export class ResellerTrees {
  constructor(
    private readonly store: TenantStore,
    private readonly service: ServiceAccount,
  ) {}

  /**
   * The reseller domains whose `kind` limit a creation by `caller` on `domain` counts against: every
   * limited domain whose tree holds the caller (a sub-reseller's creation counts for its parent too),
   * and the domain the request was made on. None for administrators: they set these limits, and
   * what they create joins no reseller's tree.
   */
  async scopesFor(caller: User, domain: string | undefined, kind: ResellerLimitKind): Promise<ResellerScope[]> {
    if (caller.administrator) return [];
    const tenants = await this.store.list(null);
    const limited = tenants.filter((tenant): tenant is ResellerScope['tenant'] => tenant.ownerUserId !== null && tenant[kind] !== UNLIMITED);
    if (limited.length === 0) return [];
    if (!this.service.configured) throw new ApiError(503, 'SERVICE_ACCOUNT_REQUIRED', 'Reseller limits need TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD');
    const host = domain?.toLowerCase();
    const scopes: ResellerScope[] = [];
    for (const tenant of limited) {
      const members = await this.membersOf(tenant.ownerUserId, tenants);
      if (members.has(caller.id) || tenant.domain === host) scopes.push({ tenant, members });
    }
    return scopes;
  }

  /** Live devices (not deleted in safe mode) linked to any user of the tree, each counted once. */
  async countDevices(members: ReadonlySet<number>): Promise<number> {
    const live = new Set<number>();
    for (const userId of members) {
      for (const device of await this.service.json<DeviceRow[]>({ path: `/api/devices?userId=${userId}` })) {
        if (!isSoftDeletedUniqueId(device.uniqueId)) live.add(device.id);
      }
    }
    return live.size;
  }

  /** Breadth first; a user reached twice (Traccar answers managed users transitively or one level deep) is visited once. */
  private async membersOf(ownerUserId: number, tenants: readonly StoredTenant[]): Promise<Set<number>> {
    const members = new Set<number>([ownerUserId]);
    const queue = [ownerUserId];
    while (queue.length > 0) {
      const userId = queue.shift() as number;
      const managed = await this.service.json<UserRow[]>({ path: `/api/users?userId=${userId}` });
      const subResellers = tenants.filter((tenant) => tenant.parentUserId === userId && tenant.ownerUserId !== null).map((tenant) => tenant.ownerUserId as number);
      for (const next of [...managed.map((user) => user.id), ...subResellers]) {
        if (members.has(next)) continue;
        members.add(next);
        queue.push(next);
      }
    }
    return members;
  }
}
