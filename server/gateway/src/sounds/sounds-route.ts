import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../product/api-errors';
import { sendCacheableBytes } from '../product/cacheable-bytes';
import type { ProductRoutes } from '../product/product-routes';
import { soundLibrary } from './sound-library';
import { SOUND_PRESETS, soundFileName } from './sound-presets';

const soundFileNames = SOUND_PRESETS.map((_preset, index) => soundFileName(index));
const paramsSchema = z.object({ file: z.enum(soundFileNames as [string, ...string[]]) });

/**
 * `GET /rastro/assets/custom/sounds/audio{1…24}.wav`: the notification sounds (SPEC §7 static
 * "24 sound files under /custom/sounds"), the same for every domain.
 */
export function registerSoundsRoute(app: FastifyInstance, routes: ProductRoutes): void {
  const spec = { method: 'GET', path: '/assets/custom/sounds/:file', summary: 'A notification sound (audio1.wav … audio24.wav)', tag: 'White label', public: true, params: paramsSchema } as const;
  routes.add(app, spec, async ({ request, reply, params }) => {
    const sound = soundLibrary().get(params.file);
    if (!sound) throw new ApiError(404, 'NOT_FOUND', `No sound ${params.file}`);
    // Long-lived but not immutable: the URL has no version, and a release may retune a sound.
    return sendCacheableBytes(request, reply, { ...sound, contentType: 'audio/wav', cacheControl: 'public, max-age=2592000' });
  });
}
