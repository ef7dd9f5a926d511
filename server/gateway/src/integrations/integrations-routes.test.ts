import { demoAccount, startTracker } from '@rastro/tracker';
import { SECRET_MASK, type AuditPage, type Integration, type IntegrationList } from '@rastro/shared/contract';
import { startGateway, type RunningGateway } from '../gateway';
import { send } from '../test-support/http';
import { signIn } from '../test-support/sign-in';
import { startSmtpInbox } from '../test-support/smtp-inbox';

type Tracker = Awaited<ReturnType<typeof startTracker>>;

const mail = {
  host: '127.0.0.1',
  port: 2525,
  secure: false,
  username: 'fleet-mailer',
  password: 'smtp-password-1234',
  senderAddress: 'no-reply@rastro.demo',
  senderName: 'Rastro',
};

// The integrations API of a paid gateway in front of the real tracker: administrators only.
describe('integrations API', () => {
  let tracker: Tracker;
  let gateway: RunningGateway;
  let admin: string;
  let user: string;

  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    send(`${gateway.url}/rastro${path}`, {
      method,
      headers: { cookie, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    tracker = await startTracker({ port: 0, host: '127.0.0.1', dataDir: 'memory://', simulator: { devices: 1, intervalMs: 60_000 }, logger: false });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, secretKey: Buffer.alloc(32, 1).toString('hex') });
    admin = (await signIn(gateway.url, demoAccount.email, demoAccount.password)) ?? '';
    user = (await signIn(gateway.url, 'user@rastro.demo', 'user')) ?? '';
    expect(admin && user).toBeTruthy();
  }, 90_000);

  afterAll(async () => {
    await gateway?.close();
    await tracker?.close();
  });

  it('an administrator saves the mail integration and reads it back with the password masked', async () => {
    const saved = await call('POST', '/integrations/mail', admin, mail);
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'mail', settings: { ...mail, password: `${SECRET_MASK}1234` } });

    const listed = await call('GET', '/integrations', admin);
    expect(listed.status).toBe(200);
    const { integrations } = listed.json<IntegrationList>();
    expect(integrations.map((integration) => integration.key)).toEqual(['payment', 'mail', 'invoice']);
    expect(integrations.find((integration) => integration.key === 'mail')?.settings).toEqual({ ...mail, password: `${SECRET_MASK}1234` });
    expect(listed.text).not.toContain('smtp-password');
  });

  it('saving with the masked password sent back keeps the stored one', async () => {
    const listed = (await call('GET', '/integrations', admin)).json<IntegrationList>();
    const shown = listed.integrations.find((integration): integration is Extract<Integration, { key: 'mail' }> => integration.key === 'mail');
    const resaved = await call('POST', '/integrations/mail', admin, { ...shown?.settings, senderName: 'Frota' });
    expect(resaved.status).toBe(200);
    expect(resaved.json()).toMatchObject({ settings: { senderName: 'Frota', password: `${SECRET_MASK}1234` } });
  });

  it('each save is in the audit log: who saved which integration, the secrets left out', async () => {
    await call('POST', '/integrations/payment', admin, { email: 'billing@rastro.demo', token: 'pay-token-98765', sandbox: true });
    const logs = await call('GET', '/server/logs?objectType=integration', admin);
    expect(logs.status).toBe(200);
    const { items } = logs.json<AuditPage>();
    expect(items[0]).toMatchObject({ action: 'update', objectType: 'integration', userEmail: demoAccount.email, changes: { key: 'payment' } });
    expect(items.map((entry) => (entry.changes as { key: string }).key)).toEqual(expect.arrayContaining(['payment', 'mail']));
    expect(logs.text).not.toContain('pay-token');
    expect(logs.text).not.toContain('smtp-password');
  });

  it('refuses bad input with 400 INVALID_INPUT naming each field, and stores nothing', async () => {
    const settingsNow = async () => (await call('GET', '/integrations', admin)).json<IntegrationList>().integrations.map((integration) => integration.settings);
    const before = await settingsNow();
    const bad = await call('POST', '/integrations/payment', admin, { email: 'not-an-email', token: '', sandbox: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', fields: expect.arrayContaining(['email', 'token', 'sandbox']) });

    const unknownField = await call('POST', '/integrations/invoice', admin, { enabled: 'yes', serviceDescription: 'Rastreamento', municipalServiceCode: '1.05', extra: 1 });
    expect(unknownField.json()).toMatchObject({ code: 'INVALID_INPUT', fields: expect.arrayContaining(['enabled']) });

    expect(await settingsNow()).toEqual(before);
  });

  it('an unknown integration key is 404', async () => {
    expect((await call('POST', '/integrations/telegram', admin, {})).status).toBe(404);
  });

  it('a signed-in user who is not an administrator can neither read nor change integrations (403)', async () => {
    const read = await call('GET', '/integrations', user);
    expect(read.status).toBe(403);
    expect(read.json()).toMatchObject({ code: 'WRITE_ACCESS_DENIED' });
    expect((await call('POST', '/integrations/mail', user, { ...mail, host: 'evil.example' })).status).toBe(403);
    const { integrations } = (await call('GET', '/integrations', admin)).json<IntegrationList>();
    expect(integrations.find((integration) => integration.key === 'mail')?.settings).toMatchObject({ host: '127.0.0.1' });
  });

  it('without a session: 401', async () => {
    expect((await call('GET', '/integrations', '')).status).toBe(401);
  });

  it('the free edition has no integrations, even for administrators', async () => {
    const free = await startGateway({ port: 0, host: '127.0.0.1', traccarUrl: tracker.url, logger: false, edition: 'free' });
    try {
      const response = await send(`${free.url}/rastro/integrations`, { headers: { cookie: admin, accept: 'application/json' } });
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PAID_EDITION_REQUIRED' });
    } finally {
      await free.close();
    }
  });

  it("a test mail goes out with the saved settings to the administrator's address; the SMTP server's refusal is 422 MAIL_SEND_FAILED", async () => {
    const inbox = await startSmtpInbox({ username: 'fleet-mailer', password: 'smtp-password-1234' });
    try {
      expect((await call('POST', '/integrations/mail', admin, { ...mail, port: inbox.port })).status).toBe(200);
      expect((await call('POST', '/integrations/mail/test', user, {})).status).toBe(403);
      const sent = await call('POST', '/integrations/mail/test', admin, {});
      expect([sent.status, sent.json()]).toEqual([200, { sentTo: demoAccount.email }]);
      const received = await inbox.waitFor((message) => message.to.includes(demoAccount.email));
      expect(received.parsed.subject).toBe('Rastro: test mail');

      expect((await call('POST', '/integrations/mail', admin, { ...mail, port: inbox.port, password: 'wrong-password' })).status).toBe(200);
      const refused = await call('POST', '/integrations/mail/test', admin, { to: 'someone@rastro.demo' });
      expect([refused.status, refused.json<{ code: string }>().code]).toEqual([422, 'MAIL_SEND_FAILED']);
    } finally {
      await inbox.close();
    }
  });
});
