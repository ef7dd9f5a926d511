import { startTracker, type RunningTracker } from '../index';
import { demoAccount, demoUserAccount } from '../seed/demo-accounts';
import { getJson, login } from '../test-support/tracker-client';

interface LatestPosition {
  deviceId: number;
  speed: number;
  valid: boolean;
}

describe('POST /api/attributes/computed/test', () => {
  let tracker: RunningTracker;
  let adminCookie: string;
  let latest: LatestPosition;

  const test = (deviceId: number, attribute: Record<string, unknown>, cookie = adminCookie) =>
    fetch(`${tracker.url}/api/attributes/computed/test?deviceId=${deviceId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 0, description: 'test', attribute: 'result', priority: 0, ...attribute }),
    });

  beforeAll(async () => {
    // A slow simulator: every device has its first fix, and no tick changes it during the tests.
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 3, intervalMs: 600_000, seed: 1 } });
    adminCookie = await login(tracker.url, demoAccount.email, demoAccount.password);
    [latest] = (await getJson<LatestPosition[]>(`${tracker.url}/api/positions`, { cookie: adminCookie })) as [LatestPosition];
  }, 30_000);

  afterAll(() => tracker?.close());

  it('evaluates a number expression on the latest position (speed in knots → km/h)', async () => {
    const response = await test(latest.deviceId, { expression: 'speed * 1.852', type: 'number' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toBeCloseTo(latest.speed * 1.852);
  });

  it('answers booleans and strings as JSON', async () => {
    const bool = await test(latest.deviceId, { expression: 'valid && latitude < 0', type: 'boolean' });
    expect(await bool.json()).toBe(latest.valid);
    const text = await test(latest.deviceId, { expression: 'speed > 0 ? "moving" : "still"', type: 'string' });
    expect(await text.json()).toBe(latest.speed > 0 ? 'moving' : 'still');
  });

  it('answers 204 when the expression gives nothing', async () => {
    expect((await test(latest.deviceId, { expression: 'null', type: 'string' })).status).toBe(204);
  });

  it('refuses a bad expression with 400 and its message', async () => {
    const syntax = await test(latest.deviceId, { expression: 'speed *', type: 'number' });
    expect(syntax.status).toBe(400);
    expect(await syntax.text()).toMatch(/Unexpected end of expression/);
    const unknown = await test(latest.deviceId, { expression: 'noSuchAttribute + 1', type: 'number' });
    expect(await unknown.text()).toBe('undefined variable noSuchAttribute');
  });

  it('refuses a device without a position, and a body without an expression', async () => {
    const noPosition = await test(999_999, { expression: 'speed', type: 'number' });
    expect(noPosition.status).toBe(400);
    expect(await noPosition.text()).toBe('Device has no last position');
    expect((await test(latest.deviceId, { type: 'number' })).status).toBe(400);
  });

  it('is for administrators only, and needs a session', async () => {
    const userCookie = await login(tracker.url, demoUserAccount.email, demoUserAccount.password);
    const asUser = await test(latest.deviceId, { expression: 'speed', type: 'number' }, userCookie);
    expect(asUser.status).toBe(400);
    expect(await asUser.text()).toBe('Administrator access required');
    expect((await test(latest.deviceId, { expression: 'speed', type: 'number' }, '')).status).toBe(401);
  });
});
