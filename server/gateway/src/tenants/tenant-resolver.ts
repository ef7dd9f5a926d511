import type { TenantDirectory } from '../config/tenants';
import { DEFAULT_TENANT_KEY, mergeTenantLayers, type ResolvedTenant } from './tenant-layers';
import type { TenantStore } from './tenant-store';

/**
 * The tenant one domain sees, from every source, later winning:
 * file default ← stored default ← file domain entry ← stored domain row.
 * A domain neither source names is the default tenant. Not cached: a reseller's change must show
 * on the next page load on every gateway instance.
 */
export class TenantResolver {
  constructor(
    private readonly file: TenantDirectory,
    private readonly store: TenantStore,
  ) {}

  async forDomain(domain: string | undefined): Promise<ResolvedTenant> {
    const name = domain?.toLowerCase();
    const stored = await this.store.findMany(name ? [DEFAULT_TENANT_KEY, name] : [DEFAULT_TENANT_KEY]);
    const fileEntry = this.file.domainLayer(name);
    const storedEntry = name ? stored.get(name) : undefined;
    const key = name && (fileEntry || storedEntry) ? name : DEFAULT_TENANT_KEY;
    return mergeTenantLayers(key, [this.file.defaultLayer, stored.get(DEFAULT_TENANT_KEY), fileEntry, storedEntry]);
  }

  /** Whose settings a write made on this domain changes: the domain's own tenant if it has one, else the default. */
  async keyFor(domain: string | undefined): Promise<string> {
    return (await this.forDomain(domain)).key;
  }
}
