import { demoAccount, startTracker } from '@rastro/tracker';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';
import { FORM_HEADERS, signIn } from '../test-support/sign-in';

type Tracker = Awaited<ReturnType<typeof startTracker>>;

// Issue 14: the gateway's request log printed `?token=` values. Every line it writes is read here.
describe("the gateway's log", () => {
  let tracker: Tracker;
  let gateway: RunningGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 1, intervalMs: 60_000 }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  it('holds no token, password, reset token nor cookie from the requests that carry them', async () => {
    const cookie = await signIn(gateway.url, demoAccount.email, demoAccount.password);
    expect(cookie).toMatch(/^JSESSIONID=./);
    const token = (await send(`${gateway.url}/api/session/token`, { method: 'POST', headers: { ...FORM_HEADERS, cookie: cookie as string }, body: '' })).text;
    expect(token.length).toBeGreaterThan(8);
    expect((await send(`${gateway.url}/api/session?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const basic = Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64');
    await send(`${gateway.url}/api/devices?password=query-password`, { headers: { authorization: `Basic ${basic}` } });
    await send(`${gateway.url}/login/recover/reset-token-in-a-path`, { headers: { accept: 'text/html' } });
    await send(`${gateway.url}/api/session/password`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ token: 'posted-reset-token', password: 'posted-password' }).toString() });

    const log = lines.join('');
    expect(log).toContain('/api/session?token=hidden');
    expect(log).toContain('/login/recover/hidden');
    for (const secret of [token, (cookie as string).slice('JSESSIONID='.length), basic, 'query-password', 'reset-token-in-a-path', 'posted-reset-token', 'posted-password']) {
      expect(log).not.toContain(secret);
    }
  }, 60_000);
});
