import { demoAccount, startTracker, type RunningTracker } from '@rastro/tracker';
import type { Database } from '@rastro/db';
import { startGateway, type GatewayOptions, type RunningGateway } from '../gateway';
import { openGatewayDatabase } from '../store/gateway-database';
import { send, type RawResponse } from '../test-support/http';
import { FORM_HEADERS } from '../test-support/sign-in';
import { Browser, unique } from '../test-support/policy-browser';

const PASSWORD = 'right-password';
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

// Issue 14: 50 wrong passwords in 3 s were all answered 401 and the right one then 200; Basic
// likewise. Two gateways share one database here, as a deployment of several would.
describe('failed logins are limited per account, per address and per both, across gateways', () => {
  let tracker: RunningTracker;
  let database: Database;
  let first: RunningGateway;
  let second: RunningGateway;
  /** Behind a reverse proxy on this machine (trustProxy): the client is the one X-Forwarded-For names. */
  let proxied: RunningGateway;
  let admin: Browser;

  const login = (gateway: RunningGateway, email: string, password: string, forwardedFor?: string) =>
    send(`${gateway.url}/api/session`, { method: 'POST', headers: { ...FORM_HEADERS, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) }, body: new URLSearchParams({ email, password }).toString() });
  async function account(): Promise<string> {
    const email = `${unique('guessed')}@throttle.test`;
    await admin.ok('POST', '/api/users', { name: 'Guessed', email, password: PASSWORD });
    return email;
  }
  /** Tries until the answer is not 429, as a client honouring Retry-After would; how long that took. */
  async function afterBlock(attempt: () => Promise<RawResponse>): Promise<{ response: RawResponse; waitedMs: number }> {
    const started = Date.now();
    for (;;) {
      const response = await attempt();
      if (response.status !== 429) return { response, waitedMs: Date.now() - started };
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000));
    }
  }

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { enabled: false }, logger: false });
    database = await openGatewayDatabase({ dataDir: 'memory://' });
    const options: GatewayOptions = {
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      webRoot: '/nonexistent',
      logger: false,
      database,
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
      smtp: {},
      loginThrottle: {
        limits: { pair: { free: 3, maxBlockMs: 4_000 }, account: { free: 8, maxBlockMs: 4_000 }, address: { free: 40, maxBlockMs: 60_000 } },
        recoveryRequests: { max: 3, windowMs: 60_000 },
      },
    };
    [first, second, proxied] = await Promise.all([startGateway(options), startGateway(options), startGateway({ ...options, trustProxy: ['127.0.0.1'] })]);
    admin = await Browser.signIn(first.url, demoAccount.email, demoAccount.password);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await proxied?.close();
    await database?.close();
    await tracker?.close();
  });

  it('50 wrong passwords: a few reach the tracking server, the rest get 429 with Retry-After; the owner is back in seconds', async () => {
    const email = await account();
    const answers: RawResponse[] = [];
    for (let i = 0; i < 50; i += 1) answers.push(await login(first, email, `wrong-${i}`));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(6);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(44);
    const blocked = answers.find((answer) => answer.status === 429);
    expect(Number(blocked?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(blocked?.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await login(first, email, PASSWORD)).status).toBe(429);
    const { response, waitedMs } = await afterBlock(() => login(first, email, PASSWORD));
    expect(response.status).toBe(200);
    expect(waitedMs).toBeLessThan(10_000);
  }, 60_000);

  it('counts on one gateway hold on the other (they share the database)', async () => {
    const email = await account();
    for (let i = 0; i < 3; i += 1) expect((await login(first, email, 'wrong')).status).toBe(401);
    expect((await login(second, email, PASSWORD)).status).toBe(429);
  });

  it('Basic credentials are limited the same way, and a success clears the count', async () => {
    const email = await account();
    const devices = (gateway: RunningGateway, password: string) => send(`${gateway.url}/api/devices`, { headers: { authorization: basic(email, password), accept: 'application/json' } });
    expect((await devices(first, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await devices(first, 'wrong')).status).toBe(401);
    const refused = await devices(second, 'wrong');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await afterBlock(() => devices(first, PASSWORD))).response.status).toBe(200);
    // Cleared: two more mistakes are not yet a block.
    for (let i = 0; i < 2; i += 1) expect((await devices(first, 'wrong')).status).toBe(401);
    expect((await devices(first, PASSWORD)).status).toBe(200);
  }, 60_000);

  it('recovery mails are limited per email', async () => {
    const ask = () => send(`${first.url}/api/session/password`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ email: 'someone@throttle.test' }).toString() });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await ask()).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  // Issue 14: behind a load balancer every client was the balancer's address. With trustProxy the
  // client is the one the trusted proxy names; without it, a header a client wrote is ignored.
  it('behind a trusted proxy, each client named by X-Forwarded-For is counted apart', async () => {
    const email = await account();
    for (let i = 0; i < 3; i += 1) expect((await login(proxied, email, 'wrong', '203.0.113.5')).status).toBe(401);
    expect((await login(proxied, email, PASSWORD, '203.0.113.5')).status).toBe(429);
    // The proxy's own hop is past the client's: a spoofed first entry does not make another client.
    expect((await login(proxied, email, PASSWORD, '198.51.100.7, 203.0.113.5')).status).toBe(429);
    expect((await login(proxied, email, PASSWORD, '198.51.100.7')).status).toBe(200);
  }, 60_000);

  it('without trustProxy, an X-Forwarded-For the client wrote itself changes nothing: the TCP peer is counted', async () => {
    const email = await account();
    for (let i = 0; i < 3; i += 1) expect((await login(first, email, 'wrong', `203.0.113.${i + 10}`)).status).toBe(401);
    expect((await login(first, email, PASSWORD, '198.51.100.8')).status).toBe(429);
  }, 60_000);

  // Last: it blocks this machine's address on the gateways without a trusted proxy.
  it('an address guessing tokens (Bearer, ?token=, share links) is blocked, whatever it tries next', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45 && !statuses.includes(429); i += 1) {
      const guess = i % 3 === 0
        ? send(`${first.url}/api/devices`, { headers: { authorization: `Bearer guess-${i}` } })
        : i % 3 === 1
          ? send(`${first.url}/api/session?token=guess-${i}`)
          : send(`${first.url}/rastro/shares/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: `guess-${i}` }) });
      statuses.push((await guess).status);
    }
    expect(statuses).toContain(429);
    expect((await login(second, demoAccount.email, demoAccount.password)).status).toBe(429);
  }, 60_000);

});
