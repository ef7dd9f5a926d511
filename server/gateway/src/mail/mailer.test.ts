import type { Database } from '@rastro/db';
import { IntegrationStore } from '../integrations/integration-store';
import { openSecretBox } from '../integrations/secret-key';
import { openGatewayDatabase } from '../store/gateway-database';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox';
import { MailNotConfiguredError, Mailer } from './mailer';

const silent = { warn: () => undefined, error: () => undefined };

// Without the mail integration: the operator's SMTP_URL, or nowhere to send from.
describe('Mailer without the mail integration', () => {
  let db: Database;
  let integrations: IntegrationStore;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    db = await openGatewayDatabase({});
    integrations = new IntegrationStore(db, await openSecretBox(db, undefined, silent), silent);
    inbox = await startSmtpInbox();
  });

  afterAll(async () => {
    await inbox.close();
    await db.close();
  });

  it('sends through SMTP_URL, from SMTP_FROM', async () => {
    const mailer = new Mailer(integrations, { url: `smtp://127.0.0.1:${inbox.port}`, from: 'Ops <ops@rastro.demo>' });
    expect(await mailer.isConfigured()).toBe(true);
    await mailer.send({ to: 'someone@rastro.demo', subject: 'hello', text: 'body' });
    const mail = await inbox.waitFor((received) => received.to.includes('someone@rastro.demo'));
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Ops', address: 'ops@rastro.demo' });
    expect(mail.parsed.subject).toBe('hello');
  });

  it('with neither, says so instead of sending', async () => {
    const mailer = new Mailer(integrations, {});
    expect(await mailer.isConfigured()).toBe(false);
    await expect(mailer.send({ to: 'someone@rastro.demo', subject: 'hello', text: 'body' })).rejects.toBeInstanceOf(MailNotConfiguredError);
  });
});
