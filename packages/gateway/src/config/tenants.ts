import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { remoteNameSchema, type AppConfig, type RemoteName } from '@rastro/shared/contract';

/**
 * Per-domain settings. A reseller's domain gets its own set of remotes and its own front-end
 * config; every other domain gets `default`.
 */
const remoteSwitchSchema = z.object({
  enabled: z.boolean(),
  /** Points the remote at another build (absolute URL or a path on this gateway). */
  entry: z.string().min(1).optional(),
});

// Not `appConfigSchema.partial()`: that keeps the contract's defaults, so a tenant that says
// nothing about the token would still override the installation's MAPBOX_TOKEN with null.
const tenantAppConfigSchema = z.object({
  title: z.string().optional(),
  mapboxToken: z.string().nullable().optional(),
  mapStyleUrl: z.string().nullable().optional(),
}) satisfies z.ZodType<Partial<AppConfig>>;

// `partialRecord`: a tenant lists only the remotes it changes; the rest keep their defaults.
const tenantSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteSwitchSchema).default({}),
  config: tenantAppConfigSchema.strict().optional(),
});

export const tenantConfigSchema = z.object({
  default: tenantSchema,
  domains: z.record(z.string().min(1), tenantSchema).optional(),
});

export type RemoteSwitch = z.infer<typeof remoteSwitchSchema>;
export type Tenant = z.input<typeof tenantSchema>;
export type TenantConfig = z.input<typeof tenantConfigSchema>;
type ParsedTenantConfig = z.output<typeof tenantConfigSchema>;

/** Without a tenants file: one tenant, every remote switched on at its own build. */
export const defaultTenantConfig: TenantConfig = { default: { remotes: {} } };

/** The settings that apply to one domain: the default tenant overlaid with the domain's own. */
export interface ResolvedTenant {
  remotes: Partial<Record<RemoteName, RemoteSwitch>>;
  config: Partial<AppConfig>;
}

export interface TenantDirectory {
  forDomain(domain: string | undefined): ResolvedTenant;
}

/**
 * Validates the configuration once at start (a typo in a tenants file should stop the gateway,
 * not surface as a broken page for one reseller) and answers per-domain lookups.
 * Domain names are matched case-insensitively, as DNS does.
 */
export function createTenantDirectory(input: TenantConfig = defaultTenantConfig): TenantDirectory {
  const parsed: ParsedTenantConfig = tenantConfigSchema.parse(input);
  const fallback: ResolvedTenant = { remotes: parsed.default.remotes, config: parsed.default.config ?? {} };
  const byDomain = new Map<string, ResolvedTenant>();
  for (const [domain, tenant] of Object.entries(parsed.domains ?? {})) {
    // A domain tenant inherits what it does not say from the default tenant.
    byDomain.set(domain.toLowerCase(), {
      remotes: { ...fallback.remotes, ...tenant.remotes },
      config: { ...fallback.config, ...tenant.config },
    });
  }
  return {
    forDomain(domain) {
      return (domain && byDomain.get(domain.toLowerCase())) || fallback;
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
