import type { FirebaseSender } from './firebase-sender';
import { withSubscription } from './notification-tokens';
import { PushSender, type WebPushSend } from './push-sender';
import type { VapidKeyStore } from './vapid-keys';

const vapid = { get: async () => ({ publicKey: 'public-key', privateKey: 'private-key' }) } as unknown as VapidKeyStore;
const browser = (n: number) => ({ endpoint: `https://push.example/send/${n}`, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } });
const log = { warn: jest.fn() };

describe('one push to all of a user\'s destinations', () => {
  it('sends the message to each browser signed with the VAPID keys and to each app by Firebase, and names the gone ones', async () => {
    const webPushSend = jest.fn<ReturnType<WebPushSend>, Parameters<WebPushSend>>(async (subscription) => {
      if (subscription.endpoint.endsWith('/2')) throw Object.assign(new Error('Gone'), { statusCode: 410 });
      return undefined;
    });
    const firebase = { send: jest.fn(async (token: string) => (token === 'fcm-dead' ? 'gone' : 'sent')) } as unknown as FirebaseSender;
    const sender = new PushSender({ vapid, subject: 'https://track.example', webPushSend, firebase, log });
    const tokens = withSubscription(withSubscription('fcm-live,fcm-dead', browser(1)), browser(2));
    const message = { title: 'Truck 7', body: 'Overspeed', deviceId: 7, eventId: 91, type: 'deviceOverspeed' };

    expect(await sender.deliver(tokens, message)).toEqual({ sent: 2, gone: { endpoints: [browser(2).endpoint], firebase: ['fcm-dead'] } });
    const [subscription, payload, options] = webPushSend.mock.calls[0]!;
    expect(subscription).toEqual(browser(1));
    expect(JSON.parse(payload)).toEqual(message);
    expect(options.vapidDetails).toEqual({ subject: 'https://track.example', publicKey: 'public-key', privateKey: 'private-key' });
    expect(firebase.send).toHaveBeenCalledWith('fcm-live', { title: 'Truck 7', body: 'Overspeed', data: { deviceId: '7', eventId: '91', type: 'deviceOverspeed' } });
  });

  it('leaves Firebase tokens alone when no Firebase project is configured', async () => {
    const webPushSend = jest.fn(async () => undefined);
    const sender = new PushSender({ vapid, subject: 'https://track.example', webPushSend, firebase: null, log });
    expect(await sender.deliver('fcm-live', { title: 't', body: 'b' })).toEqual({ sent: 0, gone: { endpoints: [], firebase: [] } });
    expect(webPushSend).not.toHaveBeenCalled();
  });
});
