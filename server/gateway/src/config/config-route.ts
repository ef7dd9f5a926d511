import type { FastifyInstance } from 'fastify';
import { appConfigSchema } from '@rastro/shared/contract';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { ThemeImageStore } from '../theme/theme-image-store';
import { buildAppConfig, type AppConfigDefaults } from './app-config';

/** `GET /rastro/assets/custom/config.json`: the per-domain front-end settings (title, map engine, head logo, messaging link, push). */
export function registerConfigRoute(app: FastifyInstance, routes: ProductRoutes, tenants: TenantResolver, defaults: AppConfigDefaults, images: ThemeImageStore): void {
  const spec = { method: 'GET', path: '/assets/custom/config.json', summary: "This domain's static front-end configuration", tag: 'White label', public: true, response: appConfigSchema } as const;
  routes.add(app, spec, async ({ request, reply }) => {
    const tenant = await tenants.forDomain(requestDomain(request));
    const config = buildAppConfig(defaults, tenant, await images.urls(tenant.key));
    void reply.header('cache-control', 'no-cache');
    return config;
  });
}
