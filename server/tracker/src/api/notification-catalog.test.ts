import { demoAccount, startTracker, type RunningTracker } from '../index';
import { login } from '../test-support/tracker-client';

describe('the notification catalog', () => {
  let tracker: RunningTracker;
  let cookie: string;
  const post = (path: string, headers: Record<string, string> = { cookie }) => fetch(`${tracker.url}${path}`, { method: 'POST', headers });
  const get = (path: string, headers: Record<string, string> = { cookie }) => fetch(`${tracker.url}${path}`, { headers });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 2 }, notificators: ['web', 'mail', 'telegram'] });
    cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
  }, 30_000);

  afterAll(() => tracker?.close());

  it('lists every Traccar event type a notification can watch', async () => {
    const response = await get('/api/notifications/types');
    expect(response.status).toBe(200);
    const types = ((await response.json()) as Array<{ type: string }>).map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['alarm', 'geofenceEnter', 'geofenceExit', 'deviceOverspeed', 'ignitionOn', 'commandResult', 'media']));
    expect(types).toHaveLength(19);
  });

  it('lists the channels the tracker was started with', async () => {
    expect(await (await get('/api/notifications/notificators')).json()).toEqual([{ type: 'web' }, { type: 'mail' }, { type: 'telegram' }]);
  });

  it('leaves out the web channel when asked for announcement channels', async () => {
    expect(await (await get('/api/notifications/notificators?announcement=true')).json()).toEqual([{ type: 'mail' }, { type: 'telegram' }]);
  });

  it('accepts a test notification through every channel, or one enabled channel', async () => {
    expect((await post('/api/notifications/test')).status).toBe(204);
    expect((await post('/api/notifications/test/mail')).status).toBe(204);
  });

  it('refuses a test through a channel that is not enabled', async () => {
    const response = await post('/api/notifications/test/sms');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Failed to get notificator sms');
  });

  it('needs a session for all of it', async () => {
    for (const path of ['/api/notifications/types', '/api/notifications/notificators']) expect((await get(path, {})).status).toBe(401);
    for (const path of ['/api/notifications/test', '/api/notifications/test/web']) expect((await post(path, {})).status).toBe(401);
  });
});

describe('the default notification channels', () => {
  it('are web, mail, sms, firebase and telegram', async () => {
    const tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { enabled: false, devices: 1 } });
    try {
      const cookie = await login(tracker.url, demoAccount.email, demoAccount.password);
      const response = await fetch(`${tracker.url}/api/notifications/notificators`, { headers: { cookie } });
      expect(await response.json()).toEqual(['web', 'mail', 'sms', 'firebase', 'telegram'].map((type) => ({ type })));
    } finally {
      await tracker.close();
    }
  }, 30_000);
});
