import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { THEME_IMAGE_MAX_BYTES, themeImageSlotSchema } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { sendCacheableBytes } from '../product/cacheable-bytes';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import { sniffImageType } from './image-type';
import { themeImageUrl } from './theme-image-store';
import { themeTargetSchema, type ThemeRoutesOptions } from './theme-routes';
import { authorizeThemeWriter, themeWriteTarget } from './theme-writer';

const slotParams = z.object({ slot: themeImageSlotSchema });
const uploadAnswer = z.object({ url: z.string() });

// Served images never run as documents: an SVG opened directly gets no scripts, no requests.
const IMAGE_SAFETY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};

/**
 * Theme images: `POST /rastro/theme/images/{slot}` with the file's bytes as the body (any image/*
 * or application/octet-stream content type; the type is read from the bytes), `DELETE` the same
 * path, and `GET /rastro/assets/custom/images/{slot}` to show them.
 */
export async function registerThemeImageRoutes(app: FastifyInstance, routes: ProductRoutes, options: ThemeRoutesOptions): Promise<void> {
  const { tenants, images, audit } = options;

  // Raw bytes only in this scope, capped at the size a theme image may have.
  await app.register(async (uploads) => {
    uploads.addContentTypeParser(/^(?:image\/|application\/octet-stream)/, { parseAs: 'buffer', bodyLimit: THEME_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
    // Thrown on to the product API's handler, which answers ApiErrors as JSON.
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, 'IMAGE_TOO_LARGE', `Images are at most ${THEME_IMAGE_MAX_BYTES} bytes`, ['body']);
      throw error;
    });

    const upload = {
      method: 'POST',
      path: '/theme/images/:slot',
      summary: 'Upload a theme image (PNG, JPEG, WebP, ICO or SVG, at most 1 MB) as the raw request body',
      tag: 'White label',
      params: slotParams,
      query: themeTargetSchema,
      response: uploadAnswer,
      authorize: (request: FastifyRequest) => authorizeThemeWriter(options, request),
    callers: 'reseller',
    } as const;
    routes.add(uploads, upload, async ({ request, params, query, body, caller }) => {
      const key = await themeWriteTarget(options, caller, request, query.domain);
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, 'INVALID_IMAGE', 'Send the image bytes as the body', ['body']);
      const type = sniffImageType(body);
      if (!type) throw new ApiError(400, 'INVALID_IMAGE', 'Not a PNG, JPEG, WebP, ICO or SVG image', ['body']);
      const hash = await images.save(key, params.slot, type, body);
      await audit.record({ actor: caller, action: 'update', objectType: 'themeImage', changes: { domain: key, slot: params.slot, contentType: type, bytes: body.length, hash }, request });
      return { url: themeImageUrl(params.slot, hash) };
    });
  });

  const remove = {
    method: 'DELETE',
    path: '/theme/images/:slot',
    summary: "Remove a theme image (the default tenant's shows again, if any)",
    tag: 'White label',
    params: slotParams,
    query: themeTargetSchema,
    authorize: (request: FastifyRequest) => authorizeThemeWriter(options, request),
    callers: 'reseller',
  } as const;
  routes.add(app, remove, async ({ request, params, query, caller }) => {
    const key = await themeWriteTarget(options, caller, request, query.domain);
    if (!(await images.remove(key, params.slot))) throw new ApiError(404, 'NOT_FOUND', `No ${params.slot} image`);
    await audit.record({ actor: caller, action: 'delete', objectType: 'themeImage', changes: { domain: key, slot: params.slot }, request });
    return undefined;
  });

  const serve = {
    method: 'GET',
    path: '/assets/custom/images/:slot',
    summary: "This domain's theme image; `?v=` (from the theme) makes it cacheable forever",
    tag: 'White label',
    public: true,
    params: slotParams,
    query: z.object({ v: z.string().max(64).optional() }),
  } as const;
  routes.add(app, serve, async ({ request, reply, params, query }) => {
    const image = await images.find(await tenants.keyFor(requestDomain(request)), params.slot);
    if (!image) throw new ApiError(404, 'NOT_FOUND', `No ${params.slot} image`);
    // A URL naming this very version never changes; any other (no ?v, an old one) is revalidated.
    const cacheControl = query.v === image.hash ? 'public, max-age=31536000, immutable' : 'no-cache';
    return sendCacheableBytes(request, reply, { ...image, cacheControl, headers: IMAGE_SAFETY_HEADERS });
  });
}
