import type { FastifyInstance } from 'fastify';
import { probeTraccar } from './traccar-probe';

/**
 * `GET /rastro/health` → `{ status: 'ok', uptime (seconds since this gateway started), traccar: 'up' | 'down' }`.
 * Always 200 while the gateway runs: a load balancer must not take every gateway out of rotation
 * because the tracking server is down (the shell still serves its maintenance page then).
 * `traccar` tells monitoring the upstream state.
 */
export function registerHealthRoute(app: FastifyInstance, traccarUrl: string, startedAt: number): void {
  app.get('/health', async (_request, reply) => {
    const traccar = await probeTraccar(traccarUrl);
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', uptime: Math.round((Date.now() - startedAt) / 1000), traccar };
  });
}
