import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { appConfigOverridesSchema, remoteSwitchesSchema, themeOverridesSchema } from '@rastro/shared/contract';
import { DEFAULT_TENANT_KEY, mergeTenantLayers, type ResolvedTenant, type TenantLayer } from '../tenants/tenant-layers';

/**
 * Per-domain settings from the tenants file (RASTRO_TENANTS_FILE): the operator's seed. A
 * reseller's domain gets its own remotes, front-end config and theme; every other domain gets
 * `default`. Settings stored in the database (../tenants/) overlay these.
 */
/** Where the site is reached from outside (links in mails): an http(s) origin, no path. */
const publicUrlSchema = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'publicUrl must be an http(s) URL')
  .transform((value) => new URL(value).origin);

const tenantSchema = z.object({
  remotes: remoteSwitchesSchema.default({}),
  /** The tenant's own address, e.g. https://track.reseller.example (a domain entry without one: https://<domain>). */
  publicUrl: publicUrlSchema.optional(),
  config: appConfigOverridesSchema.optional(),
  theme: themeOverridesSchema.optional(),
});

export const tenantConfigSchema = z.object({
  default: tenantSchema,
  domains: z.record(z.string().min(1), tenantSchema).optional(),
});

export type Tenant = z.input<typeof tenantSchema>;
export type TenantConfig = z.input<typeof tenantConfigSchema>;
type ParsedTenantConfig = z.output<typeof tenantConfigSchema>;

/** Without a tenants file: one tenant, every remote switched on at its own build. */
export const defaultTenantConfig: TenantConfig = { default: { remotes: {} } };

export interface TenantDirectory {
  /** The file's default tenant. */
  readonly defaultLayer: TenantLayer;
  /** The file's own entry for a domain, if it names the domain. */
  domainLayer(domain: string | undefined): TenantLayer | undefined;
  /** The file alone: the default tenant overlaid with the domain's own entry. */
  forDomain(domain: string | undefined): ResolvedTenant;
  /** The public URL the file gives a domain it names: the entry's `publicUrl`, else https://<domain>. */
  publicUrl(domain: string | undefined): string | undefined;
  /** The default tenant's `publicUrl`, if the file sets one. */
  readonly defaultPublicUrl: string | undefined;
}

/**
 * Validates the configuration once at start (a typo in a tenants file should stop the gateway,
 * not surface as a broken page for one reseller) and answers per-domain lookups.
 * Domain names are matched case-insensitively, as DNS does.
 */
export function createTenantDirectory(input: TenantConfig = defaultTenantConfig): TenantDirectory {
  const parsed: ParsedTenantConfig = tenantConfigSchema.parse(input);
  const byDomain = new Map<string, TenantLayer>();
  for (const [domain, tenant] of Object.entries(parsed.domains ?? {})) byDomain.set(domain.toLowerCase(), tenant);
  const domainLayer = (domain: string | undefined) => (domain ? byDomain.get(domain.toLowerCase()) : undefined);
  const publicUrls = new Map<string, string>();
  for (const [domain, tenant] of Object.entries(parsed.domains ?? {})) publicUrls.set(domain.toLowerCase(), tenant.publicUrl ?? `https://${domain.toLowerCase()}`);
  return {
    publicUrl: (domain) => (domain ? publicUrls.get(domain.toLowerCase()) : undefined),
    defaultPublicUrl: parsed.default.publicUrl,
    defaultLayer: parsed.default,
    domainLayer,
    forDomain(domain) {
      const own = domainLayer(domain);
      // A domain tenant inherits what it does not say from the default tenant.
      return mergeTenantLayers(own && domain ? domain.toLowerCase() : DEFAULT_TENANT_KEY, [parsed.default, own]);
    },
  };
}

/** Reads a tenants JSON file (RASTRO_TENANTS_FILE); a bad file is an error with the file's name. */
export async function loadTenantsFile(file: string): Promise<TenantConfig> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the tenants file ${file}: ${(error as Error).message}`, { cause: error });
  }
  const result = tenantConfigSchema.safeParse(json);
  if (!result.success) {
    throw new Error(`Invalid tenants file ${file}: ${z.prettifyError(result.error)}`);
  }
  return json as TenantConfig;
}
