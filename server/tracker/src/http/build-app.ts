import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerComputedAttributeTestRoutes } from '../api/computed-attribute-test-routes';
import { registerCommandRoutes } from '../commands/command-routes';
import { registerDeviceRoutes } from '../api/device-routes';
import { registerDeviceWriteRoutes } from '../api/device-write-routes';
import { registerEntityRoutes } from '../api/entity-routes';
import { registerPasswordRoutes } from '../api/password-routes';
import { registerPermissionRoutes } from '../api/permission-routes';
import { registerNotificationCatalogRoutes } from '../api/notification-catalog-routes';
import { registerPositionRoutes } from '../api/position-routes';
import { registerServerRoutes } from '../api/server-routes';
import { registerSessionRoutes } from '../api/session-routes';
import { registerUserRoutes } from '../api/user-routes';
import { registerReportRoutes } from '../reports/report-routes';
import { registerSocketRoutes } from '../socket/socket-routes';
import type { TrackerContext } from '../tracker-context';
import { notFound, TraccarHttpError } from './errors';
import { redactingLoggerOptions } from './log-serializers';

/** The Fastify application: plugins, Traccar-style errors, and every route. Not listening yet. */
export async function buildApp(context: TrackerContext, { logger, logStream }: { logger: boolean; logStream?: { write(line: string): void } }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { ...redactingLoggerOptions(process.env.LOG_LEVEL || 'info'), ...(logStream ? { stream: logStream } : {}) } : false });
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

  registerServerRoutes(app, context);
  registerSessionRoutes(app, context);
  registerPasswordRoutes(app, context, context.mailPasswordReset);
  registerUserRoutes(app, context);
  registerDeviceRoutes(app, context);
  registerDeviceWriteRoutes(app, context);
  registerEntityRoutes(app, context);
  registerPermissionRoutes(app, context);
  registerPositionRoutes(app, context);
  registerReportRoutes(app, context);
  registerSocketRoutes(app, context);
  registerNotificationCatalogRoutes(app, context);
  registerComputedAttributeTestRoutes(app, context);
  registerCommandRoutes(app, context);
  return app;
}
