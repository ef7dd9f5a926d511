import type { FastifyInstance } from 'fastify';
import type { ServiceAccount } from '../traccar/service-account';
import { TrackingEventStream } from './event-stream';
import { ensureWebNotifications } from './web-notifications';

/**
 * The tracking server's event stream, followed by the service account from the moment the gateway
 * is ready until it closes. Features register what they follow before that (`events.follow`).
 * Without a service account there is no stream, and no automation runs.
 */
export function createTrackingEvents(app: FastifyInstance, { traccarUrl, serviceAccount }: { traccarUrl: string; serviceAccount: ServiceAccount }): TrackingEventStream {
  const events = new TrackingEventStream({ traccarUrl, serviceAccount, log: app.log, prepare: (types) => ensureWebNotifications(serviceAccount, types) });
  app.addHook('onReady', async () => {
    if (serviceAccount.configured) events.start();
    else app.log.info('no service account (TRACCAR_SERVICE_USER): device automations and QR driver ignition check-out are off');
  });
  app.addHook('preClose', async () => events.stop());
  return events;
}
