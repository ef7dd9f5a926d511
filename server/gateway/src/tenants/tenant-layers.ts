import { mergeThemeOverrides, type AppConfigOverrides, type RemoteSwitches, type ThemeOverrides } from '@rastro/shared/contract';

/**
 * What one source says about one tenant: the tenants file's default or domain entry, or a
 * `rastro_tenants` row. Each says only what it changes.
 */
export interface TenantLayer {
  remotes?: RemoteSwitches;
  config?: AppConfigOverrides;
  theme?: ThemeOverrides;
}

/** The settings that apply to one domain, every layer merged. */
export interface ResolvedTenant {
  /** Whose stored settings and images these are: the domain itself, or DEFAULT_TENANT_KEY. */
  key: string;
  remotes: RemoteSwitches;
  config: AppConfigOverrides;
  theme: ThemeOverrides;
}

/** The default tenant's key in `rastro_tenants` and `rastro_theme_images`: never a valid domain. */
export const DEFAULT_TENANT_KEY = '*';

/** Later layers win, field by field; the theme's as mergeThemeOverrides says (one colour changed keeps the rest). */
export function mergeTenantLayers(key: string, layers: readonly (TenantLayer | undefined)[]): ResolvedTenant {
  const merged: ResolvedTenant = { key, remotes: {}, config: {}, theme: {} };
  for (const layer of layers) {
    if (!layer) continue;
    merged.remotes = { ...merged.remotes, ...layer.remotes };
    merged.config = { ...merged.config, ...layer.config };
    merged.theme = mergeThemeOverrides(merged.theme, layer.theme ?? {});
  }
  return merged;
}
