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
import { registerAudit } from '../audit/audit-routes';
import { registerExportRoutes } from '../exports/export-routes';
import { registerStatistics } from '../statistics/statistics-routes';
import { registerCombinedAndGeofenceReports } from '../reports/combined-and-geofence-reports';
import { registerReportRoutes } from '../reports/report-routes';
import { registerSocketRoutes } from '../socket/socket-routes';
import type { TrackerContext } from '../tracker-context';
import { notFound, storageRefusal, TraccarHttpError } from './errors';
import { redactingLoggerOptions } from './log-serializers';

/** The Fastify application: plugins, Traccar-style errors, and every route. Not listening yet. */
export async function buildApp(context: TrackerContext, { logger, logStream }: { logger: boolean; logStream?: { write(line: string): void } }): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { ...redactingLoggerOptions(process.env.LOG_LEVEL || 'info'), ...(logStream ? { stream: logStream } : {}) } : false });
  await app.register(formbody);
  await app.register(websocket);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TraccarHttpError) return reply.code(error.statusCode).type('text/plain').send(error.body);
    const refusal = storageRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, 'the database refused the request');
      return reply.code(refusal.statusCode).type('text/plain').send(refusal.body);
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === undefined || statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // Traccar turns every other failure into a 400 whose body is the message.
    return reply
      .code(400)
      .type('text/plain')
      .send(error instanceof Error ? error.message : String(error));
  });
  // Cached reads (the caller, device lists) hold until the configuration changes: a write through
  // the API must be seen by the very next request, whatever is in flight.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') context.configVersion.written();
    return payload;
  });
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    return reply.code(error.statusCode).type('text/plain').send(error.body);
  });

  registerAudit(app, context);
  registerStatistics(app, context);
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
  registerCombinedAndGeofenceReports(app, context);
  registerExportRoutes(app, context);
  registerSocketRoutes(app, context);
  registerNotificationCatalogRoutes(app, context);
  registerComputedAttributeTestRoutes(app, context);
  registerCommandRoutes(app, context);
  return app;
}
