import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantDomainSchema, themeEditSchema, themeOverridesSchema, themeSchema, type Theme } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
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

/** `GET /rastro/theme` (public: the login page needs it), `PUT /rastro/theme`, and the editor's read and undo. */
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
    return themeForDomain(tenants, images, domainOf(key));
  });

  const edit = {
    method: 'GET',
    path: '/theme/edit',
    summary: "What the theme editor starts from: the domain's own values, the version its last save replaced, the theme it shows",
    tag: 'White label',
    query: themeTargetSchema,
    response: themeEditSchema,
    authorize: (request: FastifyRequest) => authorizeThemeWriter(options, request),
  } as const;
  routes.add(app, edit, async ({ request, query, caller }) => {
    const key = await themeWriteTarget(options, caller, request, query.domain);
    const versions = await store.themeVersions(key);
    return { domain: key, own: versions?.own ?? {}, previous: versions?.previous ?? null, effective: await themeForDomain(tenants, images, domainOf(key)) };
  });

  const undo = {
    method: 'POST',
    path: '/theme/undo',
    summary: "Put back the theme the domain's last change replaced (undoing twice redoes)",
    tag: 'White label',
    body: themeTargetSchema.strict(),
    response: themeSchema,
    authorize: (request: FastifyRequest) => authorizeThemeWriter(options, request),
    callers: 'reseller',
  } as const;
  routes.add(app, undo, async ({ request, body, caller }) => {
    const key = await themeWriteTarget(options, caller, request, body.domain);
    const before = (await store.themeVersions(key))?.own;
    if (!(await store.undoTheme(key))) throw new ApiError(409, 'NOTHING_TO_UNDO', `The theme of ${key} has no previous version`);
    await audit.record({ actor: caller, action: 'update', objectType: 'theme', changes: { domain: key, undo: true }, before, request });
    return themeForDomain(tenants, images, domainOf(key));
  });
}

/** The domain a tenant key themes (the default tenant's key is no domain). */
const domainOf = (key: string): string | undefined => (key === DEFAULT_TENANT_KEY ? undefined : key);
