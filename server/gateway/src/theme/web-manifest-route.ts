import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import { z } from 'zod';
import type { Theme } from '@rastro/shared/contract';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { ThemeImage, ThemeImageStore } from './theme-image-store';
import { themeForDomain } from './theme-routes';

const iconSchema = z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() });
type Icon = z.infer<typeof iconSchema>;

/** The part of the W3C web app manifest Rastro fills in. */
const webManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(iconSchema),
});

// Browsers truncate longer home-screen labels.
const SHORT_NAME_LENGTH = 12;
// The smallest icon Chromium installs an app with.
const INSTALLABLE_ICON_PX = 144;
const ICON_SLOTS = ['favicon', 'headLogo', 'loginLogo'] as const;
const DEFAULT_ICON_PATH = '/rastro/manifest-icon.svg';

/** An uploaded image as a manifest icon: its real type and pixel size (an SVG scales to any). */
function iconOf(src: string, image: ThemeImage): Icon | null {
  if (image.contentType === 'image/svg+xml') return { src, sizes: 'any', type: image.contentType, purpose: 'any' };
  try {
    const { width, height, images } = imageSize(image.bytes);
    // An .ico holds several sizes: each is offered.
    const sizes = (images ?? [{ width, height }]).map((size) => `${size.width}x${size.height}`);
    return { src, sizes: [...new Set(sizes)].join(' '), type: image.contentType, purpose: 'any' };
  } catch {
    return null;
  }
}

const installable = (icon: Icon) => icon.sizes === 'any' || icon.sizes.split(' ').some((size) => Math.min(...size.split('x').map(Number)) >= INSTALLABLE_ICON_PX);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The domain's own icon when it uploaded none big enough: its initial on its primary colour, a square any launcher can mask. */
export function defaultIconSvg(theme: Pick<Theme, 'appName' | 'colors'>): string {
  const initial = escapeXml([...theme.appName.trim()][0]?.toUpperCase() ?? 'R');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${theme.colors.primary}"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="280" fill="#ffffff">${initial}</text></svg>`;
}

/**
 * `GET /rastro/manifest.webmanifest`: install-to-home-screen in the domain's own name, colours and
 * icons (issue 23: a reseller's customers install the reseller's app). Uploaded icons carry their
 * real type and size; when none is big enough to install with, the domain's generated icon
 * (`GET /rastro/manifest-icon.svg`) is offered too.
 */
export function registerWebManifestRoute(app: FastifyInstance, routes: ProductRoutes, tenants: TenantResolver, images: ThemeImageStore): void {
  const spec = { method: 'GET', path: '/manifest.webmanifest', summary: "This domain's web app manifest, from its theme", tag: 'White label', public: true, response: webManifestSchema } as const;
  routes.add(app, spec, async ({ request, reply }) => {
    const domain = requestDomain(request);
    const theme = await themeForDomain(tenants, images, domain);
    const key = await tenants.keyFor(domain);
    const icons: Icon[] = [];
    for (const slot of ICON_SLOTS) {
      const src = theme.images[slot];
      const image = src ? await images.find(key, slot) : null;
      const icon = src && image ? iconOf(src, image) : null;
      if (icon) icons.push(icon);
    }
    if (!icons.some(installable)) icons.push({ src: DEFAULT_ICON_PATH, sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' });
    void reply.header('content-type', 'application/manifest+json').header('cache-control', 'no-cache');
    return {
      id: '/',
      name: theme.appName,
      short_name: theme.appName.slice(0, SHORT_NAME_LENGTH),
      start_url: '/',
      scope: '/',
      display: 'standalone' as const,
      theme_color: theme.colors.primary,
      background_color: theme.colors.background,
      icons,
    };
  });

  const icon = { method: 'GET', path: '/manifest-icon.svg', summary: "This domain's generated app icon (its initial on its primary colour), offered when it uploaded no icon big enough", tag: 'White label', public: true } as const;
  routes.add(app, icon, async ({ request, reply }) => {
    const theme = await themeForDomain(tenants, images, requestDomain(request));
    void reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    return defaultIconSvg(theme);
  });
}
