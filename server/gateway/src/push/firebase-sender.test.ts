import { createVerify, generateKeyPairSync } from 'node:crypto';
import { FirebaseSender } from './firebase-sender';

// Firebase cannot be reached from here: its two endpoints are played by a fake fetch.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

function fakeFirebase(sendAnswer: () => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (String(url).endsWith('/token')) return Response.json({ access_token: 'access-1', expires_in: 3600 });
    return sendAnswer();
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe('Firebase Cloud Messaging', () => {
  const account = { client_email: 'rastro@project.iam.example', private_key: privateKey, token_uri: 'https://oauth.example/token' };
  const message = { title: 'Truck 7', body: 'Overspeed', data: { deviceId: '7' } };

  it("signs in with the project's service account, then sends to the device token; the access token is reused", async () => {
    const firebase = fakeFirebase(() => Response.json({ name: 'projects/p/messages/1' }));
    const sender = new FirebaseSender({ projectId: 'rastro-mobile', account, fetch: firebase.fetch, now: () => 1_800_000_000_000 });
    expect(await sender.send('device-token', message)).toBe('sent');
    expect(await sender.send('device-token-2', message)).toBe('sent');
    const [token, first, second] = firebase.calls;
    expect(firebase.calls).toHaveLength(3);
    const assertion = new URLSearchParams(String(token!.init.body)).get('assertion')!;
    const [header, claims, signature] = assertion.split('.');
    expect(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature!, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ iss: account.client_email, aud: account.token_uri, scope: 'https://www.googleapis.com/auth/firebase.messaging' });
    expect(first!.url).toBe('https://fcm.googleapis.com/v1/projects/rastro-mobile/messages:send');
    expect((first!.init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    expect(JSON.parse(String(first!.init.body))).toEqual({ message: { token: 'device-token', notification: { title: 'Truck 7', body: 'Overspeed' }, data: { deviceId: '7' } } });
    expect(JSON.parse(String(second!.init.body)).message.token).toBe('device-token-2');
  });

  it('says a token Firebase no longer knows is gone, and fails loudly on anything else', async () => {
    const gone = new FirebaseSender({ projectId: 'p', account, fetch: fakeFirebase(() => Response.json({ error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }, { status: 404 })).fetch });
    expect(await gone.send('old-token', message)).toBe('gone');
    const down = new FirebaseSender({ projectId: 'p', account, fetch: fakeFirebase(() => Response.json({ error: { status: 'UNAVAILABLE' } }, { status: 503 })).fetch });
    await expect(down.send('token', message)).rejects.toThrow('firebase: 503 UNAVAILABLE');
  });
});
