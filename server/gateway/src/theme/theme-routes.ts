import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantDomainSchema, themeOverridesSchema, themeSchema, type Theme } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import { DEFAULT_TENANT_KEY } from '../tenants/tenant-layers';
import type { TenantResolver } from '../tenants/tenant-resolver';
import { completeTheme } from './theme-defaults';
import type { ThemeImageStore } from './theme-image-store';
import { authorizeThemeWriter, themeWriteTarget, type ThemeWriterDeps } from './theme-writer';

export interface ThemeRoutesOptions extends ThemeWriterDeps {
  images: ThemeImageStore;
  audit: AuditLog;
}

/** Which tenant a theme write is for: another domain than the request's own (administrators, parent resellers). */
export const themeTargetSchema = z.object({ domain: tenantDomainSchema.optional() });

/** The theme a domain shows: its layers merged, Rastro's defaults below, its images' URLs. */
export async function themeForDomain(tenants: TenantResolver, images: ThemeImageStore, domain: string | undefined): Promise<Theme> {
  const tenant = await tenants.forDomain(domain);
  return completeTheme(tenant.theme, await images.urls(tenant.key));
}

/** `GET /rastro/theme` (public: the login page needs it) and `PUT /rastro/theme`. */
export function registerThemeRoutes(app: FastifyInstance, routes: ProductRoutes, options: ThemeRoutesOptions): void {
  const { tenants, images, store, audit } = options;

  const read = { method: 'GET', path: '/theme', summary: "This domain's theme: application name, colours, logos, login screen", tag: 'White label', public: true, response: themeSchema } as const;
  routes.add(app, read, async ({ request, reply }) => {
    void reply.header('cache-control', 'no-cache');
    return themeForDomain(tenants, images, requestDomain(request));
  });

  const save = {
    method: 'PUT',
    path: '/theme',
    summary: "Replace this domain's own theme values (what it leaves out is inherited from the default tenant)",
    tag: 'White label',
    query: themeTargetSchema,
    body: themeOverridesSchema,
    response: themeSchema,
    authorize: (request: FastifyRequest) => authorizeThemeWriter(options, request),
    callers: 'reseller',
  } as const;
  routes.add(app, save, async ({ request, query, body, caller }) => {
    const key = await themeWriteTarget(options, caller, request, query.domain);
    const before = (await store.find(key))?.theme;
    await store.saveTheme(key, body);
    await audit.record({ actor: caller, action: 'update', objectType: 'theme', changes: { domain: key, ...body }, before, request });
    return themeForDomain(tenants, images, key === DEFAULT_TENANT_KEY ? undefined : key);
  });
}
