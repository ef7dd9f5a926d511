import type { Database } from '@rastro/db';
import { SECRET_MASK, type MailIntegration } from '@rastro/shared/contract';
import { gatewayDatabaseDrivers, useGatewayDatabase } from '../test-support/gateway-database-drivers';
import { IntegrationStore } from './integration-store';
import { openSecretBox } from './secret-key';

const silent = { warn: () => undefined, error: () => undefined };
const KEY = Buffer.alloc(32, 7).toString('base64');

const mail: MailIntegration = {
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  username: 'mailer@example.com',
  password: 'correct horse battery staple',
  senderAddress: 'no-reply@example.com',
  senderName: 'Fleet',
};

describe.each(gatewayDatabaseDrivers)('IntegrationStore on $driver', (drivers) => {
  const { skip, test, db: openDb } = useGatewayDatabase(drivers);
  let db: Database;
  let store: IntegrationStore;

  beforeAll(async () => {
    if (skip) return;
    db = openDb();
    store = new IntegrationStore(db, await openSecretBox(db, KEY, silent), silent);
  });

  test('lists every kind, unset ones with null settings', async () => {
    expect((await store.list()).map(({ key, settings }) => [key, settings])).toEqual([
      ['payment', null],
      ['mail', null],
      ['invoice', null],
    ]);
  });

  test("a reseller's own payment and nota fiscal integrations are apart from the installation's and from other resellers'", async () => {
    const payment = { email: 'revenda@example.com', token: '$aact_reseller_token_123', sandbox: false, webhookToken: 'reseller-hook-token-1' };
    expect((await store.list(41)).map(({ key, settings }) => [key, settings])).toEqual([
      ['payment', null],
      ['invoice', null],
    ]);
    const saved = await store.save('payment', payment, 41, 41);
    expect(saved.settings).toMatchObject({ email: 'revenda@example.com', token: `${SECRET_MASK}_123` });
    expect(await store.settings('payment', 41)).toEqual(payment);
    expect(await store.settings('payment', 42)).toBeNull();
    expect(await store.settings('payment')).not.toEqual(payment);
    const [row] = await db.query<{ sealed_secrets: unknown }>('SELECT sealed_secrets FROM rastro_reseller_integrations WHERE owner_user_id = 41');
    expect(JSON.stringify(row?.sealed_secrets)).not.toContain('reseller_token');
  });

  test('keeps the secret sealed in the table, masked in answers, in the clear for the gateway itself', async () => {
    const saved = await store.save('mail', mail, 1);
    expect(saved).toMatchObject({ key: 'mail', settings: { ...mail, password: `${SECRET_MASK}aple` } });

    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM rastro_integrations WHERE key = $1', ['mail']);
    expect(JSON.stringify(row)).not.toContain('horse');
    expect(JSON.stringify(row)).toContain('smtp.example.com');

    expect(await store.settings('mail')).toEqual(mail);
  });

  test('a save that sends the mask back keeps the stored secret; a new value replaces it', async () => {
    await store.save('mail', { ...mail, port: 2525, password: `${SECRET_MASK}aple` }, 1);
    expect(await store.settings('mail')).toEqual({ ...mail, port: 2525 });

    await store.save('mail', { ...mail, password: 'short' }, 1);
    expect((await store.list()).find((integration) => integration.key === 'mail')?.settings).toMatchObject({ password: SECRET_MASK });
    expect((await store.settings('mail'))?.password).toBe('short');
  });

  test('refuses a mask that matches nothing stored, naming the field, and changes nothing', async () => {
    await expect(store.save('payment', { email: 'billing@example.com', token: `${SECRET_MASK}zzzz`, sandbox: true, webhookToken: '' }, 1)).rejects.toMatchObject({
      statusCode: 400,
      fields: ['token'],
    });
    expect(await store.settings('payment')).toBeNull();
  });

  test('another gateway with another key still lists the integration (secret shown only as set) but cannot use it', async () => {
    const otherKey = await openSecretBox(db, Buffer.alloc(32, 9).toString('hex'), silent);
    const other = new IntegrationStore(db, otherKey, silent);
    expect((await other.list()).find((integration) => integration.key === 'mail')?.settings).toMatchObject({ host: 'smtp.example.com', password: SECRET_MASK });
    await expect(other.settings('mail')).rejects.toThrow(/RASTRO_SECRET_KEY/);
  });

  test('without RASTRO_SECRET_KEY a key is generated once, kept in the database, and a warning logged', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message), error: () => undefined };
    const first = new IntegrationStore(db, await openSecretBox(db, undefined, log), log);
    await first.save('payment', { email: 'billing@rastro.demo', token: 'invoice-token-123456', sandbox: true, webhookToken: '' }, 1);
    // A restart: the same key comes back from the database.
    const second = new IntegrationStore(db, await openSecretBox(db, '', log), log);
    expect((await second.settings('payment'))?.token).toBe('invoice-token-123456');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/RASTRO_SECRET_KEY/);
  });
});
