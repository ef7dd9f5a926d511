import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoAccount, startTracker } from '@rastro/tracker';
import { SECRET_MASK, type IntegrationList } from '@rastro/shared/contract';
import { startGateway, type GatewayOptions, type RunningGateway } from '../gateway';
import { openGatewayDatabase } from '../store/gateway-database';
import { send } from '../test-support/http';
import { FORM_HEADERS, signIn } from '../test-support/sign-in';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../test-support/smtp-inbox';

type Tracker = Awaited<ReturnType<typeof startTracker>>;

const SMTP_LOGIN = { username: 'fleet-mailer', password: 'smtp-password-1234' };
const USER = { email: 'user@rastro.demo', password: 'user' };

// The whole recovery as a browser and a mailbox see it: the real tracker, the gateway, and a real
// SMTP server the mail integration points at.
describe('password recovery through POST /api/session/password', () => {
  let tracker: Tracker;
  let inbox: SmtpInbox;
  let dataDir: string;
  let gatewayOptions: GatewayOptions;
  let gateway: RunningGateway;
  let admin: string;

  const recover = (form: Record<string, string>, base = gateway.url, headers: Record<string, string> = {}) =>
    send(`${base}/api/session/password`, { method: 'POST', headers: { ...FORM_HEADERS, ...headers }, body: new URLSearchParams(form).toString() });
  const mailTo = (address: string, after = 0) => inbox.waitFor((mail) => inbox.received.indexOf(mail) >= after && mail.to.includes(address));
  const tokenIn = (mail: ReceivedMail): string => {
    const match = /\/login\/recover\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
    if (!match?.[1]) throw new Error(`no recovery link in: ${mail.parsed.text}`);
    return match[1];
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox(SMTP_LOGIN);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rastro-recovery-'));
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 1, intervalMs: 60_000 }, logger: false });
    gatewayOptions = {
      port: 0,
      host: '127.0.0.1',
      traccarUrl: tracker.url,
      logger: false,
      dataDir,
      // No RASTRO_SECRET_KEY: the generated key, kept in the gateway's database.
      secretKey: '',
      smtp: {},
      serviceAccount: { user: demoAccount.email, password: demoAccount.password },
      // This suite asks for more mails for one address than the default allows in 15 minutes; the
      // limit itself is tried in rate-limit/login-throttle.integration.test.ts.
      loginThrottle: { recoveryRequests: { max: 100, windowMs: 15 * 60_000 } },
    };
    gateway = await startGateway(gatewayOptions);
    admin = (await signIn(gateway.url, demoAccount.email, demoAccount.password)) ?? '';
    expect(admin).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
    await inbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('without a mail server configured, recovery is unavailable (503) for every email alike', async () => {
    const response = await recover({ email: USER.email, requested_from: gateway.url });
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_RECOVERY_UNAVAILABLE' });
  });

  it('an administrator points the mail integration at the SMTP server; the password is shown masked', async () => {
    const mail = { host: '127.0.0.1', port: inbox.port, secure: false, ...SMTP_LOGIN, senderAddress: 'no-reply@rastro.demo', senderName: 'Rastro' };
    const headers = { cookie: admin, 'content-type': 'application/json', accept: 'application/json' };
    expect((await send(`${gateway.url}/rastro/integrations/mail`, { method: 'POST', headers, body: JSON.stringify(mail) })).status).toBe(200);
    const listed = await send(`${gateway.url}/rastro/integrations`, { headers: { cookie: admin } });
    expect(listed.json<IntegrationList>().integrations.find((integration) => integration.key === 'mail')?.settings).toMatchObject({ password: `${SECRET_MASK}1234` });
  });

  it('mails a one-time link to the account, then the token and a new password set it', async () => {
    const before = inbox.received.length;
    const asked = await recover({ email: USER.email, requested_from: gateway.url });
    expect(asked.status).toBe(200);
    expect(asked.text).toBe('');

    const mail = await mailTo(USER.email, before);
    // Sent with the integration's login: the SMTP server accepts no other.
    expect(mail.user).toBe(SMTP_LOGIN.username);
    expect(mail.parsed.from?.value[0]).toMatchObject({ address: 'no-reply@rastro.demo', name: 'Rastro' });
    expect(mail.parsed.text).toContain(`${gateway.url}/login/recover/`);
    const token = tokenIn(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const reset = await recover({ token, password: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(await signIn(gateway.url, USER.email, 'brand-new-secret')).not.toBeNull();
    expect(await signIn(gateway.url, USER.email, USER.password)).toBeNull();

    const again = await recover({ token, password: 'another-one' });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signIn(gateway.url, USER.email, 'another-one')).toBeNull();
  });

  it('an unknown email gets the same answer and no mail; a known one in another case does get one', async () => {
    const before = inbox.received.length;
    const unknown = await recover({ email: 'nobody@rastro.demo', requested_from: gateway.url });
    const known = await recover({ email: 'User@Rastro.Demo', requested_from: gateway.url });
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    await mailTo(USER.email, before);
    // The unknown email's lookup began first: had it sent anything, it would be here by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.received.slice(before).flatMap((mail) => mail.to)).toEqual([USER.email]);
  });

  it("links to the configured public URL whatever Host and requested_from say (issue 14: a hostile Host got the token)", async () => {
    const before = inbox.received.length;
    const response = await recover({ email: USER.email, requested_from: 'https://evil.example' }, gateway.url, { host: 'evil.example' });
    expect(response.status).toBe(200);
    const mail = await mailTo(USER.email, before);
    expect(mail.parsed.text).toContain(`${gateway.url}/login/recover/`);
    expect(mail.parsed.text).not.toContain('evil.example');
  });

  it('names what is missing or wrong (SPEC §5 codes)', async () => {
    expect((await recover({ email: '', requested_from: gateway.url })).json()).toMatchObject({ code: 'FILL_EMAIL_FIELD' });
    expect((await recover({ token: '', password: 'long-enough' })).json()).toMatchObject({ code: 'FILL_TOKEN_FIELD' });
    const short = await recover({ token: 'whatever', password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.json()).toMatchObject({ code: 'INVALID_INPUT', fields: ['password'] });
    expect((await recover({ token: 'not-a-token-we-issued', password: 'long-enough' })).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('keeps the SMTP password sealed in its table, readable again after a restart', async () => {
    await gateway.close();
    const db = await openGatewayDatabase({ dataDir });
    try {
      const rows = await db.query('SELECT * FROM rastro_integrations');
      expect(JSON.stringify(rows)).toContain('127.0.0.1');
      expect(JSON.stringify(rows)).not.toContain(SMTP_LOGIN.password);
    } finally {
      await db.close();
    }

    gateway = await startGateway(gatewayOptions);
    const before = inbox.received.length;
    expect((await recover({ email: USER.email, requested_from: gateway.url })).status).toBe(200);
    expect((await mailTo(USER.email, before)).user).toBe(SMTP_LOGIN.username);
  }, 120_000);
});
