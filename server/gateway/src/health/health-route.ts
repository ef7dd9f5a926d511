import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProductRoutes } from '../product/product-routes';
import { probeTraccar } from './traccar-probe';

const healthSchema = z.object({ status: z.literal('ok'), uptime: z.number().int(), traccar: z.enum(['up', 'down']) });

/**
 * `GET /rastro/health` → `{ status: 'ok', uptime (seconds since this gateway started), traccar: 'up' | 'down' }`.
 * Always 200 while the gateway runs: a load balancer must not take every gateway out of rotation
 * because the tracking server is down (the shell still serves its maintenance page then).
 * `traccar` tells monitoring the upstream state.
 */
export function registerHealthRoute(app: FastifyInstance, routes: ProductRoutes, traccarUrl: string, startedAt: number): void {
  const spec = { method: 'GET', path: '/health', summary: 'Liveness, and whether the tracking server answers', tag: 'Operations', public: true, response: healthSchema } as const;
  routes.add(app, spec, async ({ reply }) => {
    const traccar = await probeTraccar(traccarUrl);
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptime: Math.round((Date.now() - startedAt) / 1000), traccar };
  });
}
