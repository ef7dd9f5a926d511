import { appConfigSchema, type AppConfig } from '@rastro/shared/contract';
import type { ResolvedTenant } from '../tenants/tenant-layers';
import type { ThemeImageUrls } from '../theme/theme-image-store';

/** Installation-wide front-end settings from the environment; a tenant may override any of them. */
export interface AppConfigDefaults {
  mapboxToken: string | null;
  mapStyleUrl: string | null;
  /** DEFAULT_BASE_MAP: the base map shown when neither the user nor the server picks one (see the map's base-map table). */
  defaultBaseMap?: string;
  /** STREET_VIEW_URL: the street view provider's URL template ({lat}, {lon}); left out of config.json when unset. */
  streetViewUrl?: string;
}

/** Empty variables count as unset, so `MAPBOX_TOKEN=` in a .env file means "no token". */
export function appConfigDefaultsFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfigDefaults {
  return {
    mapboxToken: env.MAPBOX_TOKEN?.trim() || null,
    mapStyleUrl: env.MAP_STYLE_URL?.trim() || null,
    ...(env.DEFAULT_BASE_MAP?.trim() ? { defaultBaseMap: env.DEFAULT_BASE_MAP.trim() } : {}),
    ...(env.STREET_VIEW_URL?.trim() ? { streetViewUrl: env.STREET_VIEW_URL.trim() } : {}),
  };
}

/**
 * The config.json one domain sees. Parsed through the contract so the front end never gets a bad
 * shape. An uploaded head logo is the theme editor's latest word, so it wins over a configured URL.
 */
export function buildAppConfig(defaults: AppConfigDefaults, tenant: ResolvedTenant, images: ThemeImageUrls): AppConfig {
  const headLogo = images.headLogo ?? tenant.config.headLogo;
  return appConfigSchema.parse({ title: 'Rastro', ...defaults, ...tenant.config, ...(headLogo ? { headLogo } : {}) });
}
