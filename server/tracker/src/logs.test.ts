import { demoAccount, startTracker } from './index';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

// Issue 14: an anonymous reset request put a working reset token in the log, and `?token=` values
// were logged too. Every line the tracker writes is read here.
describe('what the tracker logs', () => {
  it('holds no password, token, reset token nor cookie, for requests that carry each', async () => {
    const lines: string[] = [];
    const info = jest.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const tracker = await startTracker({ port: 0, dataDir: 'memory://', simulator: { enabled: false }, logger: true, logStream: { write: (line) => void lines.push(line) } });
    const secrets: string[] = [];
    try {
      const login = await fetch(`${tracker.url}/api/session`, { method: 'POST', headers: FORM, body: new URLSearchParams({ email: demoAccount.email, password: demoAccount.password }) });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';', 1)[0] as string;
      expect(cookie).toMatch(/^JSESSIONID=./);
      const token = await (await fetch(`${tracker.url}/api/session/token`, { method: 'POST', headers: { ...FORM, cookie }, body: '' })).text();
      expect(token.length).toBeGreaterThan(8);
      secrets.push(cookie.slice('JSESSIONID='.length), token);
      expect((await fetch(`${tracker.url}/api/session?token=${encodeURIComponent(token)}`)).status).toBe(200);
      const basic = Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64');
      secrets.push(basic);
      await fetch(`${tracker.url}/api/devices?password=not-logged-pw`, { headers: { cookie, authorization: `Basic ${basic}` } });
      expect((await fetch(`${tracker.url}/api/password/reset`, { method: 'POST', headers: FORM, body: new URLSearchParams({ email: demoAccount.email }) })).status).toBe(200);
    } finally {
      await tracker.close();
      info.mockRestore();
    }
    const log = lines.join('\n');
    expect(log).toContain('/api/session?token=hidden');
    expect(log).toContain('password reset asked');
    for (const secret of [...secrets, 'not-logged-pw']) expect(log).not.toContain(secret);
    // A reset token is 16+ random bytes in base64url: nothing of that shape follows "token".
    expect(log).not.toMatch(/token[^a-z]{1,4}[A-Za-z0-9_-]{16,}/i);
  }, 120_000);
});
