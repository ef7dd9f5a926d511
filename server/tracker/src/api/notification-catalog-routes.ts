import type { FastifyInstance } from 'fastify';
import { EVENT_TYPES, NOTIFICATORS_WITHOUT_ANNOUNCEMENTS } from '../entities/event-types';
import { badRequest } from '../http/errors';
import { queryBoolean, type Query } from '../http/query';
import type { TrackerContext } from '../tracker-context';

/**
 * What a notification may be about and how it may be delivered, plus Traccar's "send me a test"
 * buttons. Every call needs a session. Nothing is really sent: the tracker has no mail, SMS or
 * push gateway, so a test through an enabled channel simply succeeds (204), as it would in Traccar.
 */
export function registerNotificationCatalogRoutes(app: FastifyInstance, { auth, notificators }: TrackerContext): void {
  app.get('/api/notifications/types', async (request) => {
    await auth.requireUser(request);
    return EVENT_TYPES.map((type) => ({ type }));
  });

  app.get('/api/notifications/notificators', async (request) => {
    await auth.requireUser(request);
    const announcement = queryBoolean(request.query as Query, 'announcement');
    return notificators.filter((type) => !announcement || !NOTIFICATORS_WITHOUT_ANNOUNCEMENTS.includes(type)).map((type) => ({ type }));
  });

  app.post('/api/notifications/test', async (request, reply) => {
    await auth.requireUser(request);
    return reply.code(204).send();
  });

  app.post('/api/notifications/test/:notificator', async (request, reply) => {
    await auth.requireUser(request);
    const { notificator } = request.params as { notificator: string };
    if (!notificators.includes(notificator)) throw badRequest(`Failed to get notificator ${notificator}`);
    return reply.code(204).send();
  });
}
