import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerDeviceRoutes } from '../api/device-routes';
import { registerPositionRoutes } from '../api/position-routes';
import { registerServerRoutes } from '../api/server-routes';
import { registerSessionRoutes } from '../api/session-routes';
import { registerSocketRoutes } from '../socket/socket-routes';
import type { TrackerContext } from '../tracker-context';
import { notFound, TraccarHttpError } from './errors';

/** The Fastify application: plugins, Traccar-style errors, and every route. Not listening yet. */
export async function buildApp(context: TrackerContext, { logger }: { logger: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: process.env.LOG_LEVEL || 'info' } : false });
  await app.register(formbody);
  await app.register(websocket);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TraccarHttpError) return reply.code(error.statusCode).type('text/plain').send(error.body);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === undefined || statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // Traccar turns every other failure into a 400 whose body is the message.
    return reply
      .code(400)
      .type('text/plain')
      .send(error instanceof Error ? error.message : String(error));
  });
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    return reply.code(error.statusCode).type('text/plain').send(error.body);
  });

  registerServerRoutes(app);
  registerSessionRoutes(app, context);
  registerDeviceRoutes(app, context);
  registerPositionRoutes(app, context);
  registerSocketRoutes(app, context);
  return app;
}
