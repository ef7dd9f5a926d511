import { toAttributes, type Database } from '@rastro/db';
import {
  appConfigOverridesSchema,
  remoteSwitchesSchema,
  themeOverridesSchema,
  type AppConfigOverrides,
  type RemoteSwitches,
  type ThemeOverrides,
} from '@rastro/shared/contract';
import type { TenantLayer } from './tenant-layers';

/** One `rastro_tenants` row: a reseller's domain (or the default tenant) and what it gets. */
export interface StoredTenant extends TenantLayer {
  domain: string;
  /** The reseller's tracking-server user, who may edit this domain's theme, config and remotes. */
  ownerUserId: number | null;
  /** The reseller that created this domain for a sub-reseller; null when an administrator did. */
  parentUserId: number | null;
  remotes: RemoteSwitches;
  config: AppConfigOverrides;
  theme: ThemeOverrides;
  deviceLimit: number;
  userLimit: number;
}

/** A tenant's theme and the one its last change replaced (null: never changed, nothing to undo). */
export interface ThemeVersions {
  own: ThemeOverrides;
  previous: ThemeOverrides | null;
}

interface TenantRow {
  domain: string;
  owner_user_id: number | null;
  parent_user_id: number | null;
  remotes: unknown;
  config: unknown;
  theme: unknown;
  device_limit: number;
  user_limit: number;
  previous_theme?: unknown;
}

const nullableId = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

// Parsed on the way out as well: a row written by an older version must not reach a browser in a
// shape the contract no longer allows. What no longer fits is dropped rather than failing the page.
function fromRow(row: TenantRow): StoredTenant {
  return {
    domain: row.domain,
    ownerUserId: nullableId(row.owner_user_id),
    parentUserId: nullableId(row.parent_user_id),
    remotes: remoteSwitchesSchema.catch({}).parse(toAttributes(row.remotes)),
    config: appConfigOverridesSchema.catch({}).parse(toAttributes(row.config)),
    theme: themeOverridesSchema.catch({}).parse(toAttributes(row.theme)),
    deviceLimit: Number(row.device_limit),
    userLimit: Number(row.user_limit),
  };
}

/** `rastro_tenants`: white-label settings per domain, kept by the gateway. Keys are lower-case. */
export class TenantStore {
  constructor(private readonly db: Database) {}

  /** The stored tenants among these keys (a domain and the default tenant, typically). */
  async findMany(keys: readonly string[]): Promise<Map<string, StoredTenant>> {
    const rows = await this.db.query<TenantRow>('SELECT * FROM rastro_tenants WHERE domain = ANY($1::text[])', [[...keys]]);
    return new Map(rows.map((row) => [row.domain, fromRow(row)]));
  }

  async find(key: string): Promise<StoredTenant | null> {
    return (await this.findMany([key])).get(key) ?? null;
  }

  /** The tenants a reseller owns or created for its sub-resellers; every tenant when `userId` is null. */
  async list(userId: number | null): Promise<StoredTenant[]> {
    const rows =
      userId === null
        ? await this.db.query<TenantRow>('SELECT * FROM rastro_tenants ORDER BY domain')
        : await this.db.query<TenantRow>('SELECT * FROM rastro_tenants WHERE owner_user_id = $1 OR parent_user_id = $1 ORDER BY domain', [userId]);
    return rows.map(fromRow);
  }

  /** Creates or replaces one tenant as a whole. */
  async save(tenant: StoredTenant): Promise<StoredTenant> {
    const [row] = await this.db.query<TenantRow>(
      `INSERT INTO rastro_tenants (domain, owner_user_id, parent_user_id, remotes, config, theme, device_limit, user_limit, updated_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, now())
       ON CONFLICT (domain) DO UPDATE SET owner_user_id = $2, parent_user_id = $3, remotes = $4::jsonb, config = $5::jsonb,
         previous_theme = CASE WHEN rastro_tenants.theme = $6::jsonb THEN rastro_tenants.previous_theme ELSE rastro_tenants.theme END,
         theme = $6::jsonb, device_limit = $7, user_limit = $8, updated_at = now()
       RETURNING *`,
      [
        tenant.domain.toLowerCase(),
        tenant.ownerUserId,
        tenant.parentUserId,
        JSON.stringify(tenant.remotes),
        JSON.stringify(tenant.config),
        JSON.stringify(tenant.theme),
        tenant.deviceLimit,
        tenant.userLimit,
      ],
    );
    if (!row) throw new Error(`saving tenant ${tenant.domain} returned no row`);
    return fromRow(row);
  }

  /**
   * Changes only the theme of a tenant, creating the tenant row (owned by nobody) if it has none yet.
   * The theme it replaces is kept as the previous one, for `undoTheme`.
   */
  async saveTheme(key: string, theme: ThemeOverrides): Promise<void> {
    await this.db.query(
      `INSERT INTO rastro_tenants (domain, theme, previous_theme) VALUES ($1, $2::jsonb, '{}'::jsonb)
       ON CONFLICT (domain) DO UPDATE SET previous_theme = rastro_tenants.theme, theme = $2::jsonb, updated_at = now()`,
      [key, JSON.stringify(theme)],
    );
  }

  /** A tenant's theme and the one it replaced; null for a tenant with no row. */
  async themeVersions(key: string): Promise<ThemeVersions | null> {
    const [row] = await this.db.query<Pick<TenantRow, 'theme' | 'previous_theme'>>('SELECT theme, previous_theme FROM rastro_tenants WHERE domain = $1', [key]);
    if (!row) return null;
    const previous = row.previous_theme === null || row.previous_theme === undefined ? null : themeOverridesSchema.catch({}).parse(toAttributes(row.previous_theme));
    return { own: themeOverridesSchema.catch({}).parse(toAttributes(row.theme)), previous };
  }

  /**
   * Puts the previous theme back. The theme it replaces becomes the previous one, so a second undo
   * redoes. False when there is nothing to undo.
   */
  async undoTheme(key: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE rastro_tenants SET theme = previous_theme, previous_theme = theme, updated_at = now()
       WHERE domain = $1 AND previous_theme IS NOT NULL RETURNING domain`,
      [key],
    );
    return rows.length > 0;
  }

  /** Forgets a tenant, its uploaded images with it (they would otherwise outlive the domain unseen). */
  async remove(key: string): Promise<boolean> {
    await this.db.query('DELETE FROM rastro_theme_images WHERE domain = $1', [key]);
    return (await this.db.query('DELETE FROM rastro_tenants WHERE domain = $1 RETURNING domain', [key])).length > 0;
  }
}

/** A new tenant's settings before anyone has said anything about it. */
export function blankTenant(domain: string): StoredTenant {
  return { domain, ownerUserId: null, parentUserId: null, remotes: {}, config: {}, theme: {}, deviceLimit: -1, userLimit: -1 };
}
