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
type DeviceRow = { id: number; uniqueId: string; groupId?: number | null };
type GroupRow = { id: number; groupId?: number | null };

/** What a `POST /api/permissions` link (or an item of a bulk one) brings to a user: one device, or a group with every device under it. */
export interface DeviceLink {
  deviceId?: number;
  groupId?: number;
}

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
    const host = domain?.toLowerCase();
    return (await this.limitedScopes(caller, kind)).filter(({ tenant, members }) => members.has(caller.id) || tenant.domain === host);
  }

  /**
   * The limited reseller domains whose tree holds `userId`: linking a device to that user adds it
   * to each of those trees. None for administrators, as for creations.
   */
  async scopesHolding(caller: User, userId: number): Promise<ResellerScope[]> {
    return (await this.limitedScopes(caller, 'deviceLimit')).filter(({ members }) => members.has(userId));
  }

  /** Every reseller domain with a `kind` limit, with its tree; none when the caller is an administrator. */
  private async limitedScopes(caller: User, kind: ResellerLimitKind): Promise<ResellerScope[]> {
    if (caller.administrator) return [];
    const tenants = await this.store.list(null);
    const limited = tenants.filter((tenant): tenant is ResellerScope['tenant'] => tenant.ownerUserId !== null && tenant[kind] !== UNLIMITED);
    if (limited.length > 0 && !this.service.configured) throw new ApiError(503, 'SERVICE_ACCOUNT_REQUIRED', 'Reseller limits need TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD');
    const scopes: ResellerScope[] = [];
    for (const tenant of limited) scopes.push({ tenant, members: await this.membersOf(tenant.ownerUserId, tenants) });
    return scopes;
  }

  /**
   * What a reseller's tree holds against its limits, counted as the limits count it (the screen
   * that explains a refusal shows the same numbers the refusal used).
   */
  async usageOf(ownerUserId: number): Promise<{ devices: number; users: number }> {
    if (!this.service.configured) throw new ApiError(503, 'SERVICE_ACCOUNT_REQUIRED', 'Reseller limits need TRACCAR_SERVICE_USER and TRACCAR_SERVICE_PASSWORD');
    const members = await this.membersOf(ownerUserId, await this.store.list(null));
    // The reseller itself is not one of the users it may create.
    return { devices: await this.countDevices(members), users: members.size - 1 };
  }

  async countDevices(members: ReadonlySet<number>): Promise<number> {
    return (await this.devicesOf(members)).size;
  }

  /**
   * Live devices (not deleted in safe mode) the users of the tree see, as the tracking server shows
   * them: linked to a user directly or through one of its groups (and their subgroups), each once.
   */
  async devicesOf(members: ReadonlySet<number>): Promise<Set<number>> {
    const everything = await this.everything();
    const seen = new Set<number>();
    for (const userId of members) {
      for (const device of await this.service.json<DeviceRow[]>({ path: `/api/devices?userId=${userId}` })) seen.add(device.id);
      const groups = await this.service.json<GroupRow[]>({ path: `/api/groups?userId=${userId}` });
      for (const id of everything.devicesUnder(groups.map((group) => group.id))) seen.add(id);
    }
    return new Set([...seen].filter((id) => everything.live.has(id)));
  }

  /** The live devices links bring: each device itself, or every device of the group and its subgroups. */
  async devicesLinkedBy(links: readonly DeviceLink[]): Promise<Set<number>> {
    const everything = await this.everything();
    const groupIds = links.flatMap((link) => (link.deviceId === undefined && link.groupId !== undefined ? [link.groupId] : []));
    const brought = [...links.flatMap((link) => (link.deviceId !== undefined ? [link.deviceId] : [])), ...everything.devicesUnder(groupIds)];
    return new Set(brought.filter((id) => everything.live.has(id)));
  }

  /** Every device and group of the installation, read once per count: groups nest, devices sit in one group. */
  private async everything(): Promise<{ live: Set<number>; devicesUnder(groupIds: readonly number[]): number[] }> {
    const devices = await this.service.json<DeviceRow[]>({ path: '/api/devices?all=true' });
    const groups = await this.service.json<GroupRow[]>({ path: '/api/groups?all=true' });
    return {
      live: new Set(devices.filter((device) => !isSoftDeletedUniqueId(device.uniqueId)).map((device) => device.id)),
      devicesUnder(groupIds) {
        const reached = new Set(groupIds);
        for (let grew = true; grew; ) {
          grew = false;
          for (const group of groups) {
            if (group.groupId && reached.has(group.groupId) && !reached.has(group.id)) {
              reached.add(group.id);
              grew = true;
            }
          }
        }
        return devices.filter((device) => device.groupId && reached.has(device.groupId)).map((device) => device.id);
      },
    };
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
