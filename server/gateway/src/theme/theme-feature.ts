import type { FastifyInstance } from 'fastify';
import type { Edition } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { GrantCheck } from '../tenants/tenant-access';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { TenantStore } from '../tenants/tenant-store';
import { registerThemeImageRoutes } from './theme-image-routes';
import type { ThemeImageStore } from './theme-image-store';
import { registerThemeRoutes } from './theme-routes';
import { registerWebManifestRoute } from './web-manifest-route';

export interface ThemeFeatureOptions {
  images: ThemeImageStore;
  tenants: TenantResolver;
  store: TenantStore;
  callers: CallerResolver;
  edition: Edition;
  audit: AuditLog;
  allows: GrantCheck;
}

/** The theme, its images and the web app manifest, per domain. */
export async function registerThemeFeature(app: FastifyInstance, routes: ProductRoutes, options: ThemeFeatureOptions): Promise<void> {
  registerThemeRoutes(app, routes, options);
  await registerThemeImageRoutes(app, routes, options);
  registerWebManifestRoute(app, routes, options.tenants, options.images);
}
