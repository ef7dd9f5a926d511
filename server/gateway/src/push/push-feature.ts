import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@rastro/db';
import type { TrackingEvent, User } from '@rastro/shared/contract';
import { eventKey, type TrackingEventStream } from '../automations/event-stream';
import type { SecretBox } from '../integrations/secret-box';
import type { JobQueue } from '../jobs/job-queue';
import { requireCaller } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import { FirebaseSender, firebaseServiceAccountSchema } from './firebase-sender';
import { NOTIFICATION_TOKENS, webPushSubscriptionSchema, withoutDestinations, withSubscription } from './notification-tokens';
import { hasDestination, pushRecipients } from './push-recipients';
import { PushSender, type PushMessage } from './push-sender';
import { VapidKeyStore } from './vapid-keys';

/** Every event type a notification can be made for (TRACCAR.md): each may be pushed. */
export const PUSHED_EVENT_TYPES = [
  'commandResult', 'queuedCommandSent', 'deviceOnline', 'deviceUnknown', 'deviceOffline', 'deviceInactive', 'deviceMoving', 'deviceStopped', 'deviceOverspeed',
  'deviceFuelDrop', 'deviceFuelIncrease', 'geofenceEnter', 'geofenceExit', 'alarm', 'ignitionOn', 'ignitionOff', 'maintenance', 'driverChanged', 'media',
] as const;

const PUSH_JOB = 'push.event';

export interface PushFeatureOptions {
  db: Database;
  secrets: SecretBox;
  callers: CallerResolver;
  serviceAccount: ServiceAccount;
  jobs: JobQueue;
  events: TrackingEventStream;
  /** The VAPID subject: the installation's public URL (PUBLIC_URL) or a contact mailto:. */
  subject?: string;
  /** Firebase's project (the configuration's push settings) and the service account that may send for it. */
  firebase?: { projectId?: string; serviceAccountJson?: string };
  sender?: PushSender;
  /**
   * Makes the service account hear every event type (a `web` notification for all its devices per
   * type), so every event can be pushed: on for a dedicated service account (main.ts,
   * PUSH_ALL_EVENTS). Off, only the events the service account already hears are pushed: the
   * embedded demo's service account is the demo administrator, whose screen must not fill up.
   */
  hearAllEvents?: boolean;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

const publicKeySchema = z.object({ publicKey: z.string() });
const unsubscribeSchema = z.object({ endpoint: z.url() }).strict();

function firebaseSenderOf(options: PushFeatureOptions['firebase'], log: PushFeatureOptions['log']): FirebaseSender | null {
  if (!options?.projectId || !options.serviceAccountJson) return null;
  try {
    return new FirebaseSender({ projectId: options.projectId, account: firebaseServiceAccountSchema.parse(JSON.parse(options.serviceAccountJson)) });
  } catch (error) {
    log.warn({ err: error }, 'firebase: FIREBASE_SERVICE_ACCOUNT is not a service account key; the mobile channel is off');
    return null;
  }
}

/**
 * Web Push and Firebase (issue 23). Routes: `GET /rastro/push/key` (the VAPID public key a browser
 * subscribes with), `POST`/`DELETE /rastro/push/subscription` (this browser's subscription, kept in
 * the caller's own `notificationTokens`). Delivery: the tracking server's events reach the gateway
 * on the service account's socket (Traccar's `web` notificator: automations/web-notifications.ts),
 * and each is pushed, once across gateways (the job queue), to the users it is for (push-recipients).
 */
export function registerPushFeature(app: FastifyInstance, routes: ProductRoutes, options: PushFeatureOptions): void {
  const vapid = new VapidKeyStore(options.db, options.secrets);
  const sender =
    options.sender ?? new PushSender({ vapid, subject: options.subject ?? 'mailto:push@rastro.invalid', firebase: firebaseSenderOf(options.firebase, options.log), log: options.log });
  const signedIn = (request: Parameters<typeof requireCaller>[1]) => requireCaller(options.callers, request);

  routes.add(app, { method: 'GET', path: '/push/key', summary: 'The VAPID public key this installation signs Web Push with', tag: 'Notifications', response: publicKeySchema, authorize: signedIn } as const, async () => ({
    publicKey: (await vapid.get()).publicKey,
  }));

  /** The caller's account as the tracking server has it now, with its tokens changed by `change`. */
  const updateTokens = async (caller: User, change: (tokens: unknown) => string) => {
    const user = await options.serviceAccount.json<User>({ path: `/api/users/${caller.id}` });
    const { [NOTIFICATION_TOKENS]: tokens, ...others } = user.attributes ?? {};
    const changed = change(tokens);
    const attributes = changed === '' ? others : { ...others, [NOTIFICATION_TOKENS]: changed };
    await options.serviceAccount.json({ method: 'PUT', path: `/api/users/${caller.id}`, json: { ...user, attributes } });
  };

  const subscribe = {
    method: 'POST',
    path: '/push/subscription',
    summary: "Keeps this browser's Web Push subscription in the caller's notificationTokens",
    tag: 'Notifications',
    body: webPushSubscriptionSchema,
    callers: 'signed-in',
    authorize: signedIn,
  } as const;
  routes.add(app, subscribe, async ({ body, caller, reply }) => {
    await updateTokens(caller, (tokens) => withSubscription(tokens, body));
    subscribers.knownAt = Date.now();
    subscribers.any = true;
    void reply.code(204);
  });

  // Whether any user has a push destination, asked of the tracking server at most once a minute
  // (and known at once when this gateway stores a subscription).
  const subscribers = { any: false, knownAt: 0 };
  const someoneSubscribed = async (): Promise<boolean> => {
    if (Date.now() - subscribers.knownAt > 60_000) {
      const users = await options.serviceAccount.json<User[]>({ path: '/api/users' });
      subscribers.any = users.some((user) => !user.disabled && hasDestination(user));
      subscribers.knownAt = Date.now();
    }
    return subscribers.any;
  };

  const unsubscribe = { method: 'DELETE', path: '/push/subscription', summary: "Forgets this browser's Web Push subscription", tag: 'Notifications', body: unsubscribeSchema, callers: 'signed-in', authorize: signedIn } as const;
  routes.add(app, unsubscribe, async ({ body, caller, reply }) => {
    await updateTokens(caller, (tokens) => withoutDestinations(tokens, { endpoints: [body.endpoint] }));
    void reply.code(204);
  });

  options.jobs.define<{ event: TrackingEvent }>(PUSH_JOB, async ({ event }) => {
    const recipients = await pushRecipients(options.serviceAccount, event);
    if (recipients.length === 0) return;
    const [device] = await options.serviceAccount.json<Array<{ id: number; name: string }>>({ path: `/api/devices?id=${event.deviceId}` });
    const message: PushMessage = { title: device?.name ?? 'Rastro', body: typeof event.attributes?.message === 'string' ? event.attributes.message : event.type, deviceId: event.deviceId, eventId: event.id > 0 ? event.id : undefined, type: event.type };
    for (const user of recipients) {
      const { gone } = await sender.deliver(user.attributes?.[NOTIFICATION_TOKENS], message);
      if (gone.endpoints.length + gone.firebase.length > 0) await updateTokens(user, (tokens) => withoutDestinations(tokens, gone));
    }
  });
  options.events.follow(
    PUSHED_EVENT_TYPES,
    async (event) => {
      // A fleet sends events all day: with nobody subscribed, no job and no lookups per event.
      if (!(await someoneSubscribed())) return;
      await options.jobs.enqueueOnce(`${eventKey(event)}:push`, PUSH_JOB, { event });
    },
    { hear: options.hearAllEvents ?? false },
  );
}
