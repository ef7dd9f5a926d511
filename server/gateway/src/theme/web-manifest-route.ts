import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { ThemeImageStore } from './theme-image-store';
import { themeForDomain } from './theme-routes';

/** The part of the W3C web app manifest Rastro fills in. */
const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), purpose: z.string() })),
});

// Browsers truncate longer home-screen labels.
const SHORT_NAME_LENGTH = 12;

/** `GET /rastro/manifest.webmanifest`: install-to-home-screen in the domain's own name and colours. */
export function registerWebManifestRoute(app: FastifyInstance, routes: ProductRoutes, tenants: TenantResolver, images: ThemeImageStore): void {
  const spec = { method: 'GET', path: '/manifest.webmanifest', summary: "This domain's web app manifest, from its theme", tag: 'White label', public: true, response: webManifestSchema } as const;
  routes.add(app, spec, async ({ request, reply }) => {
    const theme = await themeForDomain(tenants, images, requestDomain(request));
    const icons = [theme.images.favicon, theme.images.headLogo].flatMap((src) => (src ? [{ src, sizes: 'any', purpose: 'any' }] : []));
    void reply.header('content-type', 'application/manifest+json').header('cache-control', 'no-cache');
    return {
      name: theme.appName,
      short_name: theme.appName.slice(0, SHORT_NAME_LENGTH),
      start_url: '/',
      display: 'standalone' as const,
      theme_color: theme.colors.primary,
      background_color: theme.colors.background,
      icons,
    };
  });
}
