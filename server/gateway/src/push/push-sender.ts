import webPush from 'web-push';
import type { FirebaseSender } from './firebase-sender';
import { destinationsOf, type WebPushSubscription } from './notification-tokens';
import type { VapidKeyStore } from './vapid-keys';

/** What the service worker shows (shell/src/offline/pushMessages.ts reads the same fields). */
export interface PushMessage {
  title: string;
  body: string;
  deviceId?: number;
  eventId?: number;
  type?: string;
}

/** web-push's sendNotification, or a test's stand-in: rejects with `statusCode` when the push service refuses. */
export type WebPushSend = (subscription: WebPushSubscription, payload: string, options: webPush.RequestOptions) => Promise<unknown>;

export interface PushSenderOptions {
  vapid: VapidKeyStore;
  /** The VAPID subject push services may contact about abuse: the installation's public URL or a mailto:. */
  subject: string;
  webPushSend?: WebPushSend;
  firebase?: FirebaseSender | null;
  log: { warn(details: object, message: string): void };
}

export interface Delivery {
  sent: number;
  /** Destinations the push services say are gone for good: to be dropped from the user. */
  gone: { endpoints: string[]; firebase: string[] };
}

// A push service keeps an undelivered event this long (seconds): an event older than that is stale.
const TTL_SECONDS = 3600;

/** One message to every destination in a user's `notificationTokens`: the browsers by Web Push, the apps by Firebase. */
export class PushSender {
  constructor(private readonly options: PushSenderOptions) {}

  async deliver(tokens: unknown, message: PushMessage): Promise<Delivery> {
    const { webPush: browsers, firebase } = destinationsOf(tokens);
    const delivery: Delivery = { sent: 0, gone: { endpoints: [], firebase: [] } };
    if (browsers.length > 0) {
      const { publicKey, privateKey } = await this.options.vapid.get();
      const send = this.options.webPushSend ?? ((subscription, payload, options) => webPush.sendNotification(subscription, payload, options));
      const payload = JSON.stringify(message);
      await Promise.all(
        browsers.map(async (subscription) => {
          try {
            await send(subscription, payload, { vapidDetails: { subject: this.options.subject, publicKey, privateKey }, TTL: TTL_SECONDS });
            delivery.sent += 1;
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            // 404/410: the browser unsubscribed or the subscription expired.
            if (status === 404 || status === 410) delivery.gone.endpoints.push(subscription.endpoint);
            else this.options.log.warn({ status, err: error }, 'web push: not delivered');
          }
        }),
      );
    }
    const fcm = this.options.firebase;
    if (fcm && firebase.length > 0) {
      const data = Object.fromEntries(Object.entries({ deviceId: message.deviceId, eventId: message.eventId, type: message.type }).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      await Promise.all(
        firebase.map(async (token) => {
          try {
            if ((await fcm.send(token, { title: message.title, body: message.body, data })) === 'gone') delivery.gone.firebase.push(token);
            else delivery.sent += 1;
          } catch (error) {
            this.options.log.warn({ err: error }, 'firebase: not delivered');
          }
        }),
      );
    }
    return delivery;
  }
}
