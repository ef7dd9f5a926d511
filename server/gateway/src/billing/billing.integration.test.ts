import { startAsaas, type RunningAsaas } from '@rastro/asaas';
import type { AuditPage, IntegrationList, Invoice, InvoiceList, PaymentCodes } from '@rastro/shared/contract';
import { send } from '../test-support/http';
import { FORM_HEADERS } from '../test-support/sign-in';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox';
import { eventually, startTrackingFixture, type TrackingFixture } from '../test-support/tracking-fixture';

jest.setTimeout(60_000);

const API_KEY = '$aact_rastro_test_key';
const WEBHOOK_TOKEN = 'webhook-token-1234567890';
const CPF = '52998224725';

// Billing against the real tracker and the Asaas-compatible server, sharing one calendar: invoices
// generated ahead of their due date and charged at the provider, suspension when unpaid, webhooks
// (forged, repeated, reordered) and an administrator's cash receipt and cancellation.
describe('billing', () => {
  let fixture: TrackingFixture;
  let asaas: RunningAsaas;
  let inbox: SmtpInbox;
  let today = '2026-03-10';
  let serial = 0;

  const login = (email: string) => send(`${fixture.gateway.url}/api/session`, { method: 'POST', headers: FORM_HEADERS, body: new URLSearchParams({ email, password: 'secret1' }).toString() });
  const asaasCall = async <T>(method: string, path: string, body?: unknown, key = API_KEY): Promise<T> => {
    const answer = await fetch(`${asaas.url}${path}`, { method, headers: { access_token: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await answer.json()) as T;
  };
  const paymentIdOf = async (invoice: Invoice) => (await asaasCall<{ data: Array<{ id: string }> }>('GET', `/v3/payments?externalReference=rastro-invoice-${invoice.id}`)).data[0]?.id ?? '';
  const invoicesOf = async (userId: number) => (await fixture.admin.call<InvoiceList>('GET', `/rastro/billing/invoices?userId=${userId}`)).body.invoices;
  const chargedInvoiceOf = async (userId: number) => (await eventually(() => invoicesOf(userId), (list) => list[0]?.invoiceUrl != null))[0] as Invoice;
  const webhook = (body: unknown, token: string | null = WEBHOOK_TOKEN, path = '/rastro/billing/webhooks/asaas') =>
    send(`${fixture.gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'asaas-access-token': token }) }, body: JSON.stringify(body) });
  const statusLogs = async (invoice: Invoice) =>
    (await fixture.admin.call<AuditPage>('GET', `/rastro/users/${invoice.userId}/logs?objectType=invoice&action=status`)).body.items.filter((entry) => entry.objectId === invoice.id);

  async function billedCustomer(fields: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
    const email = `billed${++serial}.${Date.now()}@billing.test`;
    const attributes = {
      'rastro.billing.enabled': true,
      'rastro.billing.taxId': CPF,
      'rastro.billing.priceCents': 4_990,
      'rastro.billing.firstDueDate': '2026-03-15',
      'rastro.billing.fine': 2,
      'rastro.billing.interest': 1,
      'rastro.billing.autoSuspend': true,
      'rastro.billing.suspendAfterDays': 2,
      ...fields,
    };
    const created = await fixture.admin.call<{ id: number }>('POST', '/api/users', { name: `Billed ${serial}`, email, password: 'secret1', ...user, attributes });
    expect(created.status).toBe(200);
    return { id: created.body.id, email };
  }

  beforeAll(async () => {
    asaas = await startAsaas({ apiKey: API_KEY, today: () => today });
    process.env.ASAAS_BASE_URL = `${asaas.url}/v3`;
    fixture = await startTrackingFixture({ billingToday: () => today, billingRunIntervalMs: 200, billingLeadDays: 10 });
    asaas.setWebhook({ url: `${fixture.gateway.url}/rastro/billing/webhooks/asaas`, authToken: WEBHOOK_TOKEN, enabled: true });
    const saved = await fixture.admin.call('POST', '/rastro/integrations/payment', { email: 'billing@rastro.demo', token: API_KEY, sandbox: true, webhookToken: WEBHOOK_TOKEN });
    expect(saved.status).toBe(200);
    inbox = await startSmtpInbox();
    const mail = await fixture.admin.call('POST', '/rastro/integrations/mail', { host: '127.0.0.1', port: inbox.port, senderAddress: 'cobranca@rastro.demo', senderName: 'Rastro' });
    expect(mail.status).toBe(200);
    await switchBilling(true);
  }, 240_000);

  /** The server's rastro.enableBilling switch, as an administrator sets it. */
  async function switchBilling(on: boolean) {
    const server = (await fixture.admin.call<{ attributes: Record<string, unknown> }>('GET', '/api/server')).body;
    const put = await fixture.admin.call('PUT', '/api/server', { ...server, attributes: { ...server.attributes, 'rastro.enableBilling': on ? 'true' : 'false' } });
    expect(put.status).toBe(200);
  }

  afterAll(async () => {
    delete process.env.ASAAS_BASE_URL;
    await fixture?.close();
    await asaas?.close();
    await inbox?.close();
  });

  afterEach(() => {
    today = '2026-03-10';
    asaas.setDeliveryMode('immediate');
  });

  it('the whole cycle: generated and charged ahead of the due date, overdue, suspended with the invoice at login, paid by webhook, signed in again', async () => {
    const customer = await billedCustomer();
    const invoice = await chargedInvoiceOf(customer.id);
    expect(invoice).toMatchObject({ userId: customer.id, period: '2026-03', dueDate: '2026-03-15', valueCents: 4_990, status: 'PENDING', charges: 1, paidDate: null });
    const own = await fixture.signIn(customer.email, 'secret1');
    expect((await own.call<InvoiceList>('GET', '/rastro/invoices')).body.invoices.map((mine) => mine.id)).toEqual([invoice.id]);
    const codes = await own.call<PaymentCodes>('GET', `/rastro/invoices/${invoice.id}/payment-codes`);
    expect(codes.body).toEqual({ invoiceUrl: invoice.invoiceUrl, boletoLine: expect.stringMatching(/^\d{47}$/), pixPayload: expect.stringMatching(/^000201/), pixQrCodeImage: expect.any(String) });
    const stranger = await fixture.signIn('user@rastro.demo', 'user');
    expect((await stranger.call('GET', `/rastro/invoices/${invoice.id}/payment-codes`)).status).toBe(404);

    // Two days after the due date the account still works; the third it is suspended.
    today = '2026-03-17';
    asaas.checkOverdue();
    await eventually(() => invoicesOf(customer.id), (list) => list[0]?.status === 'OVERDUE');
    expect((await login(customer.email)).status).toBe(200);
    today = '2026-03-18';
    const refused = await eventually(() => login(customer.email), (answer) => answer.status === 401);
    expect(refused.json()).toEqual({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: false, invoices: [{ id: invoice.id, dueDate: '2026-03-15', value: 49.9, status: 'OVERDUE', invoiceUrl: invoice.invoiceUrl }] } });

    // The payer pays on the provider's page: 3 days late, 2 % fine and 3 days of 1 % a month.
    const paid = await fetch(`${asaas.url}/_test/payments/${await paymentIdOf(invoice)}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(paid.status).toBe(200);
    await eventually(() => login(customer.email), (answer) => answer.status === 200);
    expect((await invoicesOf(customer.id))[0]).toMatchObject({ status: 'RECEIVED', paidDate: '2026-03-18', paidValueCents: 4_990 + 100 + 5 });
    const actions = (await fixture.admin.call<AuditPage>('GET', `/rastro/users/${customer.id}/logs?objectType=accountState`)).body.items.map((entry) => [entry.action, entry.userId]);
    expect(actions).toEqual(expect.arrayContaining([['suspend', null], ['reactivate', null]]));
  });

  it('forged webhooks are refused: no token, a wrong one', async () => {
    const event = { id: 'evt_forged', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_whatever', status: 'RECEIVED' } };
    for (const token of [null, 'wrong', `${WEBHOOK_TOKEN}x`]) {
      const answer = await webhook(event, token);
      expect([answer.status, answer.json<{ code: string }>().code]).toEqual([401, 'INVALID_WEBHOOK_TOKEN']);
    }
    const bad = await webhook({ event: 'PAYMENT_RECEIVED' });
    expect([bad.status, bad.json<{ fields: string[] }>().fields]).toEqual([400, ['id']]);
  });

  it('repeated and reordered deliveries: paid once, never back to pending or overdue; unknown events kept and ignored', async () => {
    const customer = await billedCustomer();
    const invoice = await chargedInvoiceOf(customer.id);
    asaas.setDeliveryMode('hold');
    today = '2026-03-16';
    asaas.checkOverdue();
    await fetch(`${asaas.url}/_test/payments/${await paymentIdOf(invoice)}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // RECEIVED first, then OVERDUE, each three times.
    await fetch(`${asaas.url}/_test/webhooks/release`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: 'reverse', repeat: 3 }) });
    const unknown = await webhook({ id: 'evt_unknown_1', event: 'ACCOUNT_STATUS_UPDATED', account: {} });
    expect(unknown.status).toBe(200);
    await eventually(() => invoicesOf(customer.id), (list) => list[0]?.status === 'RECEIVED');
    // Let the later copies and the OVERDUE event be applied, then check nothing moved back.
    await eventually(() => statusLogs(invoice), (entries) => entries.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await invoicesOf(customer.id))[0]).toMatchObject({ status: 'RECEIVED', paidDate: '2026-03-16' });
    const logs = await statusLogs(invoice);
    expect(logs.map((entry) => (entry.changes as { status: string }).status)).toEqual(['RECEIVED']);
  });

  it('an administrator receives an invoice in cash (lifting the suspension) or cancels one; a customer may do neither', async () => {
    const customer = await billedCustomer({ 'rastro.billing.suspendAfterDays': 0 });
    const invoice = await chargedInvoiceOf(customer.id);
    const own = await fixture.signIn(customer.email, 'secret1');
    expect((await own.call('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, {})).status).toBe(403);
    expect((await own.call('GET', '/rastro/billing/invoices')).status).toBe(403);

    today = '2026-03-16';
    await eventually(() => login(customer.email), (answer) => answer.status === 401);
    const future = await fixture.admin.call<{ code: string; fields: string[] }>('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, { paymentDate: '2026-03-17' });
    expect([future.status, future.body.fields]).toEqual([400, ['paymentDate']]);
    const badValue = await fixture.admin.call<{ fields: string[] }>('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, { valueCents: 12.5 });
    expect([badValue.status, badValue.body.fields]).toEqual([400, ['valueCents']]);
    const cash = await fixture.admin.call<Invoice>('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, {});
    expect(cash.body).toMatchObject({ status: 'RECEIVED_IN_CASH', paidDate: '2026-03-16', paidValueCents: 4_990 + 100 + 2 });
    expect((await asaasCall<{ status: string }>('GET', `/v3/payments/${await paymentIdOf(invoice)}`)).status).toBe('RECEIVED_IN_CASH');
    expect((await login(customer.email)).status).toBe(200);
    const again = await fixture.admin.call<{ code: string }>('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, {});
    expect([again.status, again.body.code]).toEqual([409, 'INVOICE_ALREADY_PAID']);
    expect((await fixture.admin.call<{ code: string }>('POST', `/rastro/billing/invoices/${invoice.id}/cancel`)).body.code).toBe('INVOICE_ALREADY_PAID');
    expect((await fixture.admin.call<{ code: string }>('GET', `/rastro/invoices/${invoice.id}/payment-codes`)).body.code).toBe('INVOICE_NOT_OPEN');

    // Back before the due date: a due date already past is never invoiced.
    today = '2026-03-10';
    const other = await billedCustomer({ 'rastro.billing.autoSuspend': false });
    const open = await chargedInvoiceOf(other.id);
    const paymentId = await paymentIdOf(open);
    const cancelled = await fixture.admin.call<Invoice>('POST', `/rastro/billing/invoices/${open.id}/cancel`);
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expect(await asaasCall<{ deleted: boolean }>('GET', `/v3/payments/${paymentId}`)).toMatchObject({ deleted: true });
    expect((await fixture.admin.call<InvoiceList>('GET', `/rastro/billing/invoices?userId=${other.id}&overdue=true`)).body.invoices).toEqual([]);
    expect((await fixture.admin.call<{ fields: string[] }>('GET', '/rastro/billing/invoices?status=PAID&period=2026-13')).body.fields).toEqual(['status', 'period']);
  });

  it('an administrator unlocks a suspended account on trust once; the second time is TRUST_UNLOCK_ALREADY_USED', async () => {
    const customer = await billedCustomer({ 'rastro.billing.suspendAfterDays': 0 });
    await chargedInvoiceOf(customer.id);
    today = '2026-03-16';
    await eventually(() => login(customer.email), (answer) => answer.status === 401);
    const own = await fixture.signIn('user@rastro.demo', 'user');
    expect((await own.call('POST', `/rastro/users/${customer.id}/trust-unlock`)).status).toBe(403);
    const unlocked = await fixture.admin.call<{ state: string; trustEndsAt: string | null }>('POST', `/rastro/users/${customer.id}/trust-unlock`);
    expect([unlocked.status, unlocked.body.state, typeof unlocked.body.trustEndsAt]).toEqual([200, 'active', 'string']);
    expect((await login(customer.email)).status).toBe(200);
    const again = await fixture.admin.call<{ code: string }>('POST', `/rastro/users/${customer.id}/trust-unlock`);
    expect([again.status, again.body.code]).toEqual([409, 'TRUST_UNLOCK_ALREADY_USED']);
    const logs = await fixture.admin.call<AuditPage>('GET', `/rastro/users/${customer.id}/logs?objectType=accountState&action=trustUnlock`);
    expect(logs.body.items.map((entry) => typeof entry.userId)).toEqual(['number']);
  });

  it("the provider's refusal reaches the administrator by kind, with Asaas's error list", async () => {
    // A tax id Asaas would refuse is now refused by the gateway itself (INVALID_TAX_ID); a price under
    // Asaas's minimum charge (R$ 5,00) is the provider's own refusal.
    const customer = await billedCustomer({ 'rastro.billing.priceCents': 300 });
    const [invoice] = await eventually(() => invoicesOf(customer.id), (list) => list[0]?.providerError != null);
    expect(invoice?.providerError).toMatch(/^PAYMENT_PROVIDER_REFUSED: /);
    expect(invoice?.invoiceUrl).toBeNull();
  });

  it('switched off (rastro.enableBilling false): the billing routes answer 404 BILLING_DISABLED', async () => {
    await switchBilling(false);
    try {
      const own = await fixture.signIn('user@rastro.demo', 'user');
      for (const answer of [await own.call<{ code: string }>('GET', '/rastro/invoices'), await fixture.admin.call<{ code: string }>('GET', '/rastro/billing/invoices')]) {
        expect([answer.status, answer.body.code]).toEqual([404, 'BILLING_DISABLED']);
      }
    } finally {
      await switchBilling(true);
    }
  });

  it("a reseller charges its own customers through its own Asaas account: its integration, its webhook path; an administrator bills the reseller", async () => {
    const reseller = await billedCustomer({ 'rastro.reseller': true }, { userLimit: 10 });
    const asReseller = await fixture.signIn(reseller.email, 'secret1');
    // Billed only once the reseller manages it, so no run charges it before.
    const customer = await billedCustomer({ 'rastro.billing.enabled': false });
    const stranger = await billedCustomer();
    expect((await fixture.admin.call('POST', '/api/permissions', { userId: reseller.id, managedUserId: customer.id })).status).toBe(204);
    const stored = (await fixture.admin.call<{ attributes: Record<string, unknown> }>('GET', `/api/users/${customer.id}`)).body;
    expect((await fixture.admin.call('PUT', `/api/users/${customer.id}`, { ...stored, attributes: { ...stored.attributes, 'rastro.billing.enabled': true } })).status).toBe(200);

    // Without its own payment integration the reseller's customer is not charged (never through the installation's account).
    const [unpaid] = await eventually(() => invoicesOf(customer.id), (list) => list[0]?.providerError != null);
    expect(unpaid?.providerError).toMatch(/^PAYMENT_INTEGRATION_MISSING: /);

    // The reseller's own Asaas account (a subaccount here), with its webhook pointed at its own path.
    const sub = await asaasCall<{ apiKey: string }>('POST', '/v3/accounts', { name: 'Revenda Sul', email: reseller.email, cpfCnpj: '11222333000181', companyType: 'LIMITED', mobilePhone: '51999990000', incomeValue: 20_000, address: 'Rua A', addressNumber: '1', province: 'Centro', postalCode: '90000000' });
    const resellerToken = 'reseller-webhook-token-0987654321';
    expect((await asReseller.call('POST', '/rastro/integrations/mail', { host: '127.0.0.1', port: 25, senderAddress: 'x@rastro.demo' })).status).toBe(403);
    expect((await asReseller.call('POST', '/rastro/integrations/payment', { email: reseller.email, token: sub.apiKey, sandbox: true, webhookToken: resellerToken })).status).toBe(200);
    const listed = await asReseller.call<IntegrationList>('GET', '/rastro/integrations');
    expect(listed.body.integrations.map((integration) => integration.key)).toEqual(['payment', 'invoice']);
    expect(listed.body.integrations[0]?.settings).toMatchObject({ email: reseller.email, token: expect.stringMatching(/^••••/) });
    expect(listed.body.webhookPath).toBe(`/rastro/billing/webhooks/asaas/${reseller.id}`);
    expect((await fixture.admin.call<IntegrationList>('GET', '/rastro/integrations')).body.integrations.find((integration) => integration.key === 'payment')?.settings).toMatchObject({ email: 'billing@rastro.demo' });
    await asaasCall('POST', '/v3/webhooks', { url: `${fixture.gateway.url}${listed.body.webhookPath}`, email: reseller.email, authToken: resellerToken, enabled: true }, sub.apiKey);

    const customerInvoice = await chargedInvoiceOf(customer.id);
    const [resellerInvoice, strangerInvoice] = [await chargedInvoiceOf(reseller.id), await chargedInvoiceOf(stranger.id)];
    const inAccount = async (invoice: Invoice, key: string) => (await asaasCall<{ data: Array<{ id: string }> }>('GET', `/v3/payments?externalReference=rastro-invoice-${invoice.id}`, undefined, key)).data.map((payment) => payment.id);
    expect([(await inAccount(customerInvoice, sub.apiKey)).length, (await inAccount(customerInvoice, API_KEY)).length]).toEqual([1, 0]);
    expect([(await inAccount(resellerInvoice, sub.apiKey)).length, (await inAccount(resellerInvoice, API_KEY)).length]).toEqual([0, 1]);

    // The reseller's token opens its own path only, and speaks for its own account's charges only.
    const forgedEvent = { id: 'evt_reseller_forged', event: 'PAYMENT_RECEIVED', payment: { id: (await inAccount(strangerInvoice, API_KEY))[0], status: 'RECEIVED', value: 49.9 } };
    expect((await webhook(forgedEvent, resellerToken)).status).toBe(401);
    expect((await webhook(forgedEvent, WEBHOOK_TOKEN, listed.body.webhookPath)).status).toBe(401);
    expect((await webhook(forgedEvent, resellerToken, listed.body.webhookPath)).status).toBe(200);

    // The payer pays on the reseller's account; its webhook settles the invoice.
    const [customerPayment] = await inAccount(customerInvoice, sub.apiKey);
    expect((await fetch(`${asaas.url}/_test/payments/${customerPayment}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    await eventually(() => invoicesOf(customer.id), (list) => list[0]?.status === 'RECEIVED');
    expect((await invoicesOf(stranger.id))[0]?.status).toBe('PENDING');

    // Billing management: the reseller sees and acts on its customers' invoices only.
    const seen = (await asReseller.call<InvoiceList>('GET', '/rastro/billing/invoices')).body.invoices.map((invoice) => invoice.id);
    expect(seen).toEqual([customerInvoice.id]);
    expect((await asReseller.call('POST', `/rastro/billing/invoices/${strangerInvoice.id}/receive-in-cash`, {})).status).toBe(404);
    expect((await asReseller.call('POST', `/rastro/billing/invoices/${resellerInvoice.id}/cancel`)).status).toBe(404);
    const all = (await fixture.admin.call<InvoiceList>('GET', '/rastro/billing/invoices')).body.invoices.map((invoice) => invoice.id);
    expect(all).toEqual(expect.arrayContaining([resellerInvoice.id, customerInvoice.id, strangerInvoice.id]));
  });

  it('the payer is mailed when an invoice is issued and when it goes overdue, in its language, once each', async () => {
    const customer = await billedCustomer({ 'rastro.billing.autoSuspend': false });
    const english = await billedCustomer({ 'rastro.billing.autoSuspend': false, 'rastro.lang': 'en-US' });
    const invoice = await chargedInvoiceOf(customer.id);
    const issued = await inbox.waitFor((mail) => mail.to.includes(customer.email) && /disponível/.test(mail.parsed.subject ?? ''));
    expect(issued.parsed.subject).toBe(`Sua fatura ${invoice.id} está disponível`);
    expect(issued.parsed.text).toContain('R$');
    expect(issued.parsed.text).toContain('49,90');
    expect(issued.parsed.text).toContain('15/03/2026');
    expect(issued.parsed.text).toContain(invoice.invoiceUrl ?? 'missing');
    const englishInvoice = await chargedInvoiceOf(english.id);
    expect((await inbox.waitFor((mail) => mail.to.includes(english.email))).parsed.subject).toBe(`Your invoice ${englishInvoice.id} is ready`);

    today = '2026-03-16';
    asaas.checkOverdue();
    const overdue = await inbox.waitFor((mail) => mail.to.includes(customer.email) && /vencida/.test(mail.parsed.subject ?? ''));
    expect(overdue.parsed.text).toContain(invoice.invoiceUrl ?? 'missing');
    // The run and the provider's PAYMENT_OVERDUE both saw it: still one mail of each.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(inbox.received.filter((mail) => mail.to.includes(customer.email)).map((mail) => mail.parsed.subject)).toEqual([`Sua fatura ${invoice.id} está disponível`, `Sua fatura ${invoice.id} está vencida`]);
  });

  it('with the invoice integration on, a paid invoice gets its nota fiscal issued at Asaas, once', async () => {
    const saved = await fixture.admin.call('POST', '/rastro/integrations/invoice', { enabled: true, serviceDescription: 'Rastreamento veicular', municipalServiceCode: '1.05', issPercent: 2 });
    expect(saved.status).toBe(200);
    try {
      const customer = await billedCustomer({ 'rastro.billing.autoSuspend': false });
      const invoice = await chargedInvoiceOf(customer.id);
      expect((await fixture.admin.call('POST', `/rastro/billing/invoices/${invoice.id}/receive-in-cash`, {})).status).toBe(200);
      const fiscal = await eventually(
        () => asaasCall<{ data: Array<{ status: string; payment: string; value: number }> }>('GET', `/v3/invoices?externalReference=rastro-nf-${invoice.id}`),
        (list) => list.data[0]?.status === 'AUTHORIZED',
      );
      expect(fiscal.data).toEqual([expect.objectContaining({ status: 'AUTHORIZED', payment: await paymentIdOf(invoice), value: 49.9 })]);
    } finally {
      await fixture.admin.call('POST', '/rastro/integrations/invoice', { enabled: false, serviceDescription: 'Rastreamento veicular', municipalServiceCode: '1.05' });
    }
  });
});
