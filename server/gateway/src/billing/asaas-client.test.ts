import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAsaas, type RunningAsaas } from '@rastro/asaas';
import { AsaasCallError, AsaasClient, asaasBaseUrl, ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL } from './asaas-client';
import { dueDateUpTo, sameSecret, statusOfEvent } from './billing-engine';

const KEY = '$aact_client_test';

describe('the Asaas adapter against the Asaas-compatible server', () => {
  let asaas: RunningAsaas;
  let client: AsaasClient;

  beforeAll(async () => {
    asaas = await startAsaas({ apiKey: KEY, today: () => '2026-05-02' });
    client = new AsaasClient({ baseUrl: `${asaas.url}/v3`, apiKey: KEY, retryBaseMs: 10 });
  });

  afterAll(() => asaas.close());

  it('issues the nota fiscal of a received payment once: scheduled, found by externalReference, authorized; bad input gets Asaas\'s error list', async () => {
    const customer = await client.createCustomer({ name: 'Frota NF Ltda', cpfCnpj: '11222333000181', externalReference: 'rastro-user-nf' });
    const payment = await client.createPayment({ customer: customer.id, billingType: 'UNDEFINED', value: 49.9, dueDate: '2026-05-10', externalReference: 'rastro-invoice-nf' });
    await client.receiveInCash(payment.id, { paymentDate: '2026-05-02', value: 49.9, notifyCustomer: false });
    const taxes = { retainIss: false, iss: 2, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 };
    const input = { payment: payment.id, serviceDescription: 'Rastreamento veicular', observations: '', value: 49.9, deductions: 0, effectiveDate: '2026-05-02', municipalServiceCode: '1.05', externalReference: 'rastro-nf-1', taxes };
    expect(await client.findFiscalInvoice('rastro-nf-1')).toBeNull();
    const scheduled = await client.scheduleFiscalInvoice(input);
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', payment: payment.id, externalReference: 'rastro-nf-1', number: null });
    expect((await client.findFiscalInvoice('rastro-nf-1'))?.id).toBe(scheduled.id);
    expect(await client.authorizeFiscalInvoice(scheduled.id)).toMatchObject({ status: 'AUTHORIZED', number: expect.stringMatching(/^\d+$/) });

    const refused = await client.scheduleFiscalInvoice({ ...input, serviceDescription: '', municipalServiceCode: '' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AsaasCallError);
    expect((refused as AsaasCallError).errors.map((error) => error.code)).toEqual(['invalid_serviceDescription', 'invalid_municipalService']);
  });

  it('creates a customer and a payment, finds them by externalReference, and gives the payer’s codes', async () => {
    const customer = await client.createCustomer({ name: 'Frota Ltda', cpfCnpj: '11222333000181', email: 'frota@example.com', externalReference: 'rastro-user-9' });
    expect(await client.findCustomer('rastro-user-9')).toMatchObject({ id: customer.id });
    expect(await client.findPayment('rastro-invoice-9')).toBeNull();
    const payment = await client.createPayment({ customer: customer.id, billingType: 'UNDEFINED', value: 49.9, dueDate: '2026-05-10', externalReference: 'rastro-invoice-9', fine: { value: 2, type: 'PERCENTAGE' }, interest: { value: 1 } });
    expect(payment).toMatchObject({ status: 'PENDING', value: 49.9, externalReference: 'rastro-invoice-9', invoiceUrl: expect.stringContaining('/i/') });
    expect((await client.findPayment('rastro-invoice-9'))?.id).toBe(payment.id);
    expect((await client.identificationField(payment.id)).identificationField).toMatch(/^\d{47}$/);
    expect((await client.pixQrCode(payment.id)).payload).toMatch(/^000201/);
    expect(await client.receiveInCash(payment.id, { paymentDate: '2026-05-02', value: 49.9, notifyCustomer: false })).toMatchObject({ status: 'RECEIVED_IN_CASH' });
  });

  it('surfaces Asaas’s error list on a refusal, without retrying it', async () => {
    const refusal = await client.createCustomer({ name: 'X', cpfCnpj: '12345678900', externalReference: 'r' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AsaasCallError);
    expect(refusal).toMatchObject({ status: 400, transient: false, errors: [{ code: 'invalid_cpfCnpj', description: expect.any(String) }] });
    const wrongKey = await new AsaasClient({ baseUrl: `${asaas.url}/v3`, apiKey: 'nope' }).getPayment('pay_x').catch((error: unknown) => error);
    expect(wrongKey).toMatchObject({ status: 401, errors: [{ code: 'invalid_access_token' }] });
    // Cancelling a payment that is gone is done.
    await expect(client.deletePayment('pay_missing')).resolves.toBeUndefined();
  });
});

describe('the Asaas adapter when the provider fails', () => {
  let server: Server;
  let url: string;
  let hits: string[] = [];
  let answers: number[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? JSON.stringify({ id: 'pay_1', status: 'PENDING' }) : JSON.stringify({ errors: [{ code: 'internal', description: 'Erro interno' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    hits = [];
    answers = [];
  });

  it('retries reads on 5xx with backoff, and gives up after its attempts', async () => {
    const client = new AsaasClient({ baseUrl: url, apiKey: KEY, attempts: 3, retryBaseMs: 5 });
    answers = [502, 503];
    expect(await client.getPayment('pay_1')).toMatchObject({ id: 'pay_1' });
    expect(hits).toHaveLength(3);
    hits = [];
    answers = [500, 500, 500];
    await expect(client.getPayment('pay_1')).rejects.toMatchObject({ status: 500, transient: true });
    expect(hits).toHaveLength(3);
  });

  it('never retries a creation (a lost answer may hide a success)', async () => {
    const client = new AsaasClient({ baseUrl: url, apiKey: KEY, attempts: 3, retryBaseMs: 5 });
    answers = [503];
    await expect(client.createPayment({ customer: 'cus_1', billingType: 'PIX', value: 10, dueDate: '2026-05-10', externalReference: 'r' })).rejects.toMatchObject({ status: 503 });
    expect(hits).toEqual(['POST /v3/payments']);
  });

  it('a timeout or an unreachable provider is a transient failure (status 0)', async () => {
    const unreachable = new AsaasClient({ baseUrl: 'http://127.0.0.1:9/v3', apiKey: KEY, attempts: 2, retryBaseMs: 5 });
    await expect(unreachable.getPayment('pay_1')).rejects.toMatchObject({ status: 0, transient: true });
  });
});

describe('billing rules of the engine', () => {
  it('base URL: ASAAS_BASE_URL when set, else sandbox or production by the integration’s flag', () => {
    expect(asaasBaseUrl(true, '')).toBe(ASAAS_SANDBOX_URL);
    expect(asaasBaseUrl(false, '')).toBe(ASAAS_PRODUCTION_URL);
    expect(asaasBaseUrl(false, 'http://127.0.0.1:8090/v3/')).toBe('http://127.0.0.1:8090/v3');
  });

  it('the due date to invoice: the latest of the monthly schedule up to the horizon', () => {
    expect(dueDateUpTo('2026-03-15', '2026-03-14')).toBeNull();
    expect(dueDateUpTo('2026-03-15', '2026-03-15')).toBe('2026-03-15');
    expect(dueDateUpTo('2026-01-31', '2026-03-05')).toBe('2026-02-28');
    expect(dueDateUpTo('2026-01-31', '2028-03-05')).toBe('2028-02-29');
    expect(dueDateUpTo('2026-01-31', '2026-12-31')).toBe('2026-12-31');
  });

  it('webhook events map onto invoice statuses; unknown events mean nothing', () => {
    expect(statusOfEvent('PAYMENT_RECEIVED', 'RECEIVED')).toBe('RECEIVED');
    expect(statusOfEvent('PAYMENT_RECEIVED', 'RECEIVED_IN_CASH')).toBe('RECEIVED_IN_CASH');
    expect(statusOfEvent('PAYMENT_CONFIRMED', undefined)).toBe('CONFIRMED');
    expect(statusOfEvent('PAYMENT_OVERDUE', 'SOMETHING_NEW')).toBe('OVERDUE');
    expect(statusOfEvent('PAYMENT_DELETED', 'PENDING')).toBeNull();
    expect(statusOfEvent('ACCOUNT_STATUS_UPDATED', 'PENDING')).toBeNull();
  });

  it('the webhook token: equal only to the configured one, and never to an empty configuration', () => {
    expect(sameSecret('token-1', 'token-1')).toBe(true);
    expect(sameSecret('token-2', 'token-1')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});
