import { demoAccount, startTracker, type RunningTracker } from '../index';
import { FORM, getJson, login, openSocket } from '../test-support/tracker-client';

interface PositionJson {
  id: number;
  deviceId: number;
  latitude: number;
  longitude: number;
  fixTime: string;
}
type Message = { positions?: PositionJson[]; devices?: unknown[] };

describe('the /api/socket websocket', () => {
  let tracker: RunningTracker;
  let adminCookie: string;
  let socketUrl: string;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { intervalMs: 100, devices: 20, seed: 1 } });
    adminCookie = await login(tracker.url, demoAccount.email, demoAccount.password);
    socketUrl = `${tracker.url.replace('http', 'ws')}/api/socket`;
  }, 30_000);

  afterAll(() => tracker?.close());

  it('is refused (HTTP 401) without a session cookie, with a forged one, and with a bad token', async () => {
    await expect(openSocket(socketUrl)).rejects.toThrow(/HTTP 401/);
    await expect(openSocket(socketUrl, { cookie: 'JSESSIONID=forged' })).rejects.toThrow(/HTTP 401/);
    await expect(openSocket(`${socketUrl}?token=nope`)).rejects.toThrow(/HTTP 401/);
  });

  it('sends the latest positions first, then live positions that change over time', async () => {
    const { socket, next } = await openSocket(socketUrl, { cookie: adminCookie });
    try {
      const first = await next<Message>();
      expect(Object.keys(first)).toEqual(['positions']);
      expect(first.positions).toHaveLength(20);
      const start = new Map(first.positions?.map((position) => [position.deviceId, position]));

      const moved = new Set<number>();
      for (let count = 0; count < 15; count++) {
        const message = await next<Message>();
        expect(Object.keys(message)).toHaveLength(1);
        for (const position of message.positions ?? []) {
          const before = start.get(position.deviceId);
          expect(before).toBeDefined();
          if (before && (before.latitude !== position.latitude || before.longitude !== position.longitude)) moved.add(position.deviceId);
          expect(Date.parse(position.fixTime)).toBeGreaterThanOrEqual(Date.parse(before?.fixTime ?? ''));
        }
      }
      // Most of the fleet drives: many different vehicles have visibly moved.
      expect(moved.size).toBeGreaterThanOrEqual(10);
    } finally {
      socket.close();
    }
  });

  it('sends a regular user only the devices he sees', async () => {
    const userCookie = await login(tracker.url, 'user', 'user');
    const own = new Set((await getJson<Array<{ id: number }>>(`${tracker.url}/api/devices`, { cookie: userCookie })).map((device) => device.id));
    const { socket, next } = await openSocket(socketUrl, { cookie: userCookie });
    try {
      const first = await next<Message>();
      expect(new Set(first.positions?.map((position) => position.deviceId))).toEqual(own);
      for (let count = 0; count < 5; count++) {
        const message = await next<Message>();
        for (const position of message.positions ?? []) expect(own.has(position.deviceId)).toBe(true);
      }
    } finally {
      socket.close();
    }
  });

  const issueToken = async () => (await fetch(`${tracker.url}/api/session/token`, { method: 'POST', headers: { ...FORM, cookie: adminCookie }, body: '' })).text();

  it('accepts a ?token= instead of the cookie', async () => {
    const token = await issueToken();
    const { socket, next } = await openSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
    try {
      expect((await next<Message>()).positions).toHaveLength(20);
    } finally {
      socket.close();
    }
  });

  it('ignores the Authorization header, as Traccar does: a Bearer token or Basic password alone is refused (HTTP 401)', async () => {
    const basic = `Basic ${Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64')}`;
    // Both work on the REST API: only the socket ignores them.
    for (const authorization of [`Bearer ${await issueToken()}`, basic]) {
      expect((await fetch(`${tracker.url}/api/devices`, { headers: { authorization } })).status).toBe(200);
      await expect(openSocket(socketUrl, { authorization })).rejects.toThrow(/HTTP 401/);
    }
  });

  it('reads a ?token= before the cookie, as Traccar does: a wrong token is refused even with a valid session', async () => {
    await expect(openSocket(`${socketUrl}?token=nope`, { cookie: adminCookie })).rejects.toThrow(/HTTP 401/);
  });
});
