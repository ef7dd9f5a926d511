import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import { AmbiguousCredentialsError, CallerResolver, checkedCredentials } from './caller-resolver';
import { ServiceAccount } from './service-account';
import { sessionCookieOf, TraccarCallError, TraccarClient } from './traccar-client';

/** Who is calling, and the gateway's own session, against a real tracking server. */
describe('sessions on the tracking server', () => {
  let tracker: RunningTracker;
  let client: TraccarClient;

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', simulator: { devices: 3, intervalMs: 1000 } });
    client = new TraccarClient(tracker.url);
  }, 120_000);

  afterAll(() => tracker?.close());

  const browserLogin = async () => {
    const response = await client.send({ method: 'POST', path: '/api/session', form: { email: demoAccount.email, password: demoAccount.password } });
    return sessionCookieOf(response) as string;
  };

  it('resolves a browser cookie to its user, and no credentials or a forged cookie to nobody', async () => {
    const callers = new CallerResolver(client);
    const cookie = await browserLogin();
    expect(await callers.resolve({ cookie })).toMatchObject({ email: demoAccount.email, administrator: true });
    expect(await callers.resolve({})).toBeNull();
    expect(await callers.resolve({ cookie: 'JSESSIONID=forged' })).toBeNull();
  });

  it("resolves a Traccar token (a socket's ?token=) to its user, and a wrong one to nobody", async () => {
    const callers = new CallerResolver(client);
    const issued = await client.send({ method: 'POST', path: '/api/session/token', form: {}, credentials: { cookie: await browserLogin() } });
    const token = await issued.text();
    expect(await callers.resolveToken(token)).toMatchObject({ email: demoAccount.email });
    expect(await callers.resolveToken(`${token}x`)).toBeNull();
    expect(await callers.resolveToken('')).toBeNull();
  });

  it('resolves a Bearer token or Basic password through the logins, since GET /api/session ignores Authorization', async () => {
    const callers = new CallerResolver(client);
    const issued = await client.send({ method: 'POST', path: '/api/session/token', form: {}, credentials: { cookie: await browserLogin() } });
    const token = await issued.text();
    const basic = (password: string) => `Basic ${Buffer.from(`${demoAccount.email}:${password}`).toString('base64')}`;
    expect((await client.send({ path: '/api/session', credentials: { authorization: `Bearer ${token}` } })).status).toBe(404);

    expect(await callers.resolve({ authorization: `Bearer ${token}` })).toMatchObject({ email: demoAccount.email });
    expect(await callers.resolve({ authorization: basic(demoAccount.password) })).toMatchObject({ email: demoAccount.email });
    expect(await callers.resolve({ authorization: `Bearer ${token}x` })).toBeNull();
    expect(await callers.resolve({ authorization: basic('wrong') })).toBeNull();
    expect(await callers.resolve({ authorization: 'Basic bm8tY29sb24=' })).toBeNull();
  });

  it('refuses credentials that do not name one caller: a bogus cookie beside a password, two users, two session cookies', async () => {
    const callers = new CallerResolver(client);
    const cookie = await browserLogin();
    const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
    const other = { email: `other${Date.now()}@sessions.test`, password: 'secret1' };
    const created = await client.send({ method: 'POST', path: '/api/users', json: { name: 'Other', ...other }, credentials: { cookie } });
    expect(created.status).toBe(200);
    const admin = basic(demoAccount.email, demoAccount.password);

    // The same user twice is that user, and both credentials may go on.
    expect(await callers.resolve({ cookie, authorization: admin })).toMatchObject({ email: demoAccount.email });
    // Issue 14: the tracking server would act as the header's user while the cookie names nobody.
    await expect(callers.resolve({ cookie: 'JSESSIONID=bogus', authorization: basic(other.email, other.password) })).rejects.toBeInstanceOf(AmbiguousCredentialsError);
    await expect(callers.resolve({ cookie, authorization: basic(other.email, other.password) })).rejects.toBeInstanceOf(AmbiguousCredentialsError);
    await expect(callers.resolve({ cookie, authorization: basic(demoAccount.email, 'wrong') })).rejects.toBeInstanceOf(AmbiguousCredentialsError);
    await expect(callers.resolve({ cookie, authorization: 'Digest whatever' })).rejects.toBeInstanceOf(AmbiguousCredentialsError);
    await expect(callers.resolve({ cookie: `${cookie}; JSESSIONID=bogus` })).rejects.toBeInstanceOf(AmbiguousCredentialsError);
    // Nothing that names anybody is nobody: the request goes on without credentials.
    expect(await callers.resolve({ cookie: 'JSESSIONID=bogus', authorization: 'Digest whatever' })).toBeNull();
    expect(checkedCredentials({ cookie: 'JSESSIONID=bogus', authorization: 'Digest whatever' }, null)).toEqual({});
    // Only the checked session cookie is carried on, not the header's other cookies.
    const user = await callers.resolve({ cookie: `theme=dark; ${cookie}` });
    expect(checkedCredentials({ cookie: `theme=dark; ${cookie}`, authorization: admin }, user)).toEqual({ cookie, authorization: admin });
  });

  it('remembers a caller briefly, and forgets on request', async () => {
    const callers = new CallerResolver(client, 60_000);
    const cookie = await browserLogin();
    await callers.resolve({ cookie });
    await client.send({ method: 'DELETE', path: '/api/session', credentials: { cookie } });
    expect(await callers.resolve({ cookie })).not.toBeNull();
    callers.forget({ cookie });
    expect(await callers.resolve({ cookie })).toBeNull();
  });

  it('ends the session a Bearer or Basic login opens on the tracking server, and never the browser cookie it checks', async () => {
    // What the logins hand back: each must name nobody once the caller is known.
    const opened: string[] = [];
    class Recording extends TraccarClient {
      override async send(call: Parameters<TraccarClient['send']>[0]): Promise<Response> {
        const response = await super.send(call);
        const cookie = sessionCookieOf(response);
        if (cookie) opened.push(cookie);
        return response;
      }
    }
    const callers = new CallerResolver(new Recording(tracker.url));
    const cookie = await browserLogin();
    const issued = await client.send({ method: 'POST', path: '/api/session/token', form: {}, credentials: { cookie } });
    const basic = `Basic ${Buffer.from(`${demoAccount.email}:${demoAccount.password}`).toString('base64')}`;
    expect(await callers.resolve({ authorization: `Bearer ${await issued.text()}` })).toMatchObject({ email: demoAccount.email });
    expect(await callers.resolve({ authorization: basic })).toMatchObject({ email: demoAccount.email });
    expect(await callers.resolve({ cookie })).toMatchObject({ email: demoAccount.email });
    expect(opened).toHaveLength(2);
    for (const session of opened) expect((await client.send({ path: '/api/session', credentials: { cookie: session } })).status).toBe(404);
    expect((await client.send({ path: '/api/session', credentials: { cookie } })).status).toBe(200);
  });

  it('the service account logs in by itself on first use and keeps its session', async () => {
    const service = new ServiceAccount(client, { user: demoAccount.email, password: demoAccount.password });
    const me = await service.json<{ email: string }>({ path: '/api/session' });
    expect(me.email).toBe(demoAccount.email);
    const devices = await service.json<unknown[]>({ path: '/api/devices?all=true' });
    expect(devices.length).toBeGreaterThan(0);
  });

  it('a missing or wrong service account fails loudly', async () => {
    await expect(new ServiceAccount(client, null).json({ path: '/api/devices' })).rejects.toThrow(/TRACCAR_SERVICE_USER/);
    await expect(new ServiceAccount(client, { user: demoAccount.email, password: 'wrong' }).json({ path: '/api/devices' })).rejects.toBeInstanceOf(TraccarCallError);
  });
});
