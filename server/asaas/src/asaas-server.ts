import { randomBytes, randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { addDays, amountDueCents, dayNumber } from '@rastro/shared/contract';
import { AsaasError, invalidAction, notFound, Problems } from './asaas-errors';
import { AsaasState, billingTypes, newId, type BillingType, type Customer, type FiscalInvoice, type Payment, type PaymentStatus } from './asaas-state';
import { boletoCodes, pixPayload } from './bank-codes';
import { personTypeOf } from './tax-id';
import { WebhookSender, type Delivery, type DeliveryMode, type ReleaseOrder, type WebhookConfig } from './webhook-sender';

export interface AsaasServerOptions {
  /** The API key accepted in the `access_token` header. */
  apiKey: string;
  /** Where events go from the start (else set with `POST /v3/webhooks`). */
  webhook?: WebhookConfig | null;
  /** Today's date (YYYY-MM-DD) as the server sees it; tests move it. Default the real UTC date. */
  today?: () => string;
  /** The address payers reach the server at (invoice pages); default the listening address. */
  publicUrl?: string;
  logger?: boolean;
}

type Body = Record<string, unknown>;
interface Account {
  state: AsaasState;
  webhooks: WebhookSender;
}
const PIX_KEY = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const MERCHANT = 'RASTRO DEMO';
const FEE_CENTS: Record<BillingType, number> = { BOLETO: 199, PIX: 199, UNDEFINED: 199, CREDIT_CARD: 349 };
const MIN_VALUE_CENTS = 500;
const PAID: readonly PaymentStatus[] = ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH', 'DUNNING_RECEIVED'];

const reais = (cents: number) => Math.round(cents) / 100;
const cents = (value: number) => Math.round(value * 100);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function validDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * An Asaas-compatible server: the subset of Asaas API v3 Rastro uses (customers, payments, cash
 * receipts, boleto lines, Pix QR codes, webhooks), validated as Asaas validates, with test controls
 * under `/_test` that act as the payer and the calendar would.
 */
export function createAsaasServer(options: AsaasServerOptions): {
  app: FastifyInstance;
  /** The account of `options.apiKey`. */
  main: Account;
  /** Every account by its API key (subaccounts join with `POST /v3/accounts`). */
  accounts: ReadonlyMap<string, Account>;
  allDeliveries: () => Promise<Delivery[]>;
  checkOverdue: (base?: string) => void;
  today: () => string;
} {
  const app = Fastify({ logger: options.logger ?? false });
  // The invoice page's pay button posts a form.
  void app.register(formBody);
  // Each API key is an account (the main one, and the subaccounts it creates): its own customers,
  // payments, notas fiscais and webhook.
  const accounts = new Map<string, Account>();
  const newAccount = (apiKey: string, webhook: WebhookConfig | null): Account => {
    const account: Account = { state: new AsaasState(), webhooks: new WebhookSender(webhook) };
    for (const other of accounts.values()) account.webhooks.mode = other.webhooks.mode;
    accounts.set(apiKey, account);
    return account;
  };
  const main = newAccount(options.apiKey, options.webhook ?? null);
  const requestAccounts = new WeakMap<FastifyRequest, Account>();
  const accountOf = (request: FastifyRequest) => requestAccounts.get(request) as Account;
  const allDeliveries = async () => {
    const deliveries = [];
    for (const account of accounts.values()) {
      await account.webhooks.idle();
      deliveries.push(...account.webhooks.deliveries);
    }
    return deliveries;
  };
  let fixedToday: string | null = null;
  const today = () => fixedToday ?? options.today?.() ?? new Date().toISOString().slice(0, 10);
  const baseUrl = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.headers.host ?? request.hostname}`;

  const paymentJson = (payment: Payment, base: string) => ({
    object: 'payment',
    id: payment.id,
    dateCreated: payment.dateCreated,
    customer: payment.customer,
    paymentLink: null,
    value: reais(payment.paidCents ?? payment.valueCents),
    netValue: reais((payment.paidCents ?? payment.valueCents) - FEE_CENTS[payment.billingType]),
    originalValue: payment.paidCents !== null && payment.paidCents !== payment.valueCents ? reais(payment.valueCents) : null,
    interestValue: payment.paidCents !== null && payment.paidCents > payment.valueCents ? reais(payment.paidCents - payment.valueCents) : null,
    description: payment.description,
    billingType: payment.billingType,
    status: payment.status,
    dueDate: payment.dueDate,
    originalDueDate: payment.originalDueDate,
    paymentDate: payment.paymentDate,
    clientPaymentDate: payment.clientPaymentDate,
    confirmedDate: payment.confirmedDate,
    invoiceUrl: `${base}/i/${payment.id.slice(4)}`,
    invoiceNumber: payment.invoiceNumber,
    bankSlipUrl: payment.billingType === 'CREDIT_CARD' ? null : `${base}/b/pdf/${payment.id.slice(4)}`,
    externalReference: payment.externalReference,
    deleted: payment.deleted,
    anticipated: false,
    anticipable: false,
    postalService: false,
    fine: payment.fine,
    interest: payment.interest,
    discount: { ...payment.discount, limitDate: null },
  });

  const customerJson = (customer: Customer) => ({ object: 'customer', ...customer, notificationDisabled: false });

  /** An event about the payment as it is now, to its account's webhook. */
  const emit = (account: Account, event: string, payment: Payment, base: string) => account.webhooks.emit(event, paymentJson(payment, base), new Date());

  function listOf<T>(items: T[], query: Record<string, string | undefined>) {
    const offset = Math.max(0, Number(query.offset ?? 0) || 0);
    const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10) || 10));
    return { object: 'list', hasMore: offset + limit < items.length, totalCount: items.length, limit, offset, data: items.slice(offset, offset + limit) };
  }

  const paymentOf = (account: Account, id: string) => {
    const payment = account.state.payments.get(id);
    if (!payment) throw notFound('Cobrança');
    return payment;
  };
  /** The payer's side (invoice page, paying) knows the payment, not the account. */
  const locate = (id: string): { account: Account; payment: Payment } => {
    for (const account of accounts.values()) {
      const payment = account.state.payments.get(id);
      if (payment) return { account, payment };
    }
    throw notFound('Cobrança');
  };

  /** Asaas marks a pending payment overdue once its due date has passed. */
  function checkOverdue(base = options.publicUrl ?? ''): void {
    const now = dayNumber(today());
    for (const account of accounts.values()) {
      for (const payment of account.state.payments.values()) {
        if (!payment.deleted && payment.status === 'PENDING' && dayNumber(payment.dueDate) < now) {
          payment.status = 'OVERDUE';
          emit(account, 'PAYMENT_OVERDUE', payment, base);
        }
      }
    }
  }

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AsaasError) return error.send(reply);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({ errors: [{ code: status === 400 ? 'invalid_object' : 'internal_error', description: (error as Error).message }] });
  });

  // API v3, behind the account's key.
  void app.register(
    async (v3) => {
      v3.addHook('onRequest', async (request) => {
        const key = request.headers.access_token;
        const account = typeof key === 'string' ? accounts.get(key) : undefined;
        if (!account) throw new AsaasError(401, [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }]);
        requestAccounts.set(request, account);
      });

      v3.post('/customers', async (request) => {
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        const name = text(body.name);
        if (!name) problems.add('invalid_name', 'O nome do cliente deve ser informado.');
        const cpfCnpj = text(body.cpfCnpj);
        const personType = cpfCnpj ? personTypeOf(cpfCnpj) : null;
        if (!cpfCnpj) problems.add('invalid_cpfCnpj', 'O CPF/CNPJ deve ser informado.');
        else if (!personType) problems.add('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
        const email = text(body.email);
        if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.add('invalid_email', 'O email informado é inválido.');
        for (const field of ['phone', 'mobilePhone'] as const) {
          const phone = text(body[field]);
          if (phone && !/^\d{10,11}$/.test(phone.replace(/\D/g, ''))) problems.add(`invalid_${field}`, `O ${field === 'phone' ? 'telefone' : 'celular'} informado é inválido.`);
        }
        problems.throwIfAny();
        const customer: Customer = {
          id: newId('cus'),
          dateCreated: today(),
          name: name as string,
          cpfCnpj: (cpfCnpj as string).replace(/\D/g, ''),
          personType: personType as Customer['personType'],
          email,
          phone: text(body.phone)?.replace(/\D/g, '') ?? null,
          mobilePhone: text(body.mobilePhone)?.replace(/\D/g, '') ?? null,
          externalReference: text(body.externalReference),
          deleted: false,
        };
        accountOf(request).state.customers.set(customer.id, customer);
        return customerJson(customer);
      });

      v3.get('/customers', async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const found = [...accountOf(request).state.customers.values()].filter(
          (customer) =>
            !customer.deleted &&
            (query.cpfCnpj === undefined || customer.cpfCnpj === query.cpfCnpj.replace(/\D/g, '')) &&
            (query.externalReference === undefined || customer.externalReference === query.externalReference) &&
            (query.email === undefined || customer.email === query.email),
        );
        return listOf(found.map(customerJson), query);
      });

      v3.get<{ Params: { id: string } }>('/customers/:id', async (request) => {
        const customer = accountOf(request).state.customers.get(request.params.id);
        if (!customer) throw notFound('Cliente');
        return customerJson(customer);
      });

      v3.post('/payments', async (request) => {
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        const customerId = text(body.customer);
        if (!customerId) problems.add('invalid_customer', 'O campo customer deve ser informado.');
        else if (!accountOf(request).state.customers.get(customerId) || accountOf(request).state.customers.get(customerId)?.deleted) problems.add('invalid_customer', 'Customer inválido ou não informado.');
        const billingType = body.billingType as BillingType;
        if (!billingTypes.includes(billingType)) problems.add('invalid_billingType', 'Informe uma forma de pagamento válida (BOLETO, CREDIT_CARD, PIX ou UNDEFINED).');
        const valueCents = isNumber(body.value) ? cents(body.value) : NaN;
        if (!isNumber(body.value) || valueCents <= 0) problems.add('invalid_value', 'O valor da cobrança deve ser informado.');
        else if (billingType !== 'CREDIT_CARD' && valueCents < MIN_VALUE_CENTS) problems.add('invalid_value', 'O valor da cobrança não pode ser menor que R$ 5,00.');
        if (!validDate(body.dueDate)) problems.add('invalid_dueDate', 'A data de vencimento deve ser informada no formato AAAA-MM-DD.');
        else if (dayNumber(body.dueDate) < dayNumber(today())) problems.add('invalid_dueDate', 'A data de vencimento não pode ser anterior à data atual.');
        const description = body.description === undefined || body.description === null ? null : String(body.description);
        if (description !== null && description.length > 500) problems.add('invalid_description', 'A descrição não pode ter mais de 500 caracteres.');
        const fine = (body.fine ?? {}) as Body;
        const interest = (body.interest ?? {}) as Body;
        const discount = (body.discount ?? {}) as Body;
        const fineType = fine.type === 'FIXED' ? 'FIXED' : 'PERCENTAGE';
        const discountType = discount.type === 'FIXED' ? 'FIXED' : 'PERCENTAGE';
        const numberOr0 = (value: unknown) => (value === undefined || value === null ? 0 : isNumber(value) ? value : NaN);
        const fineValue = numberOr0(fine.value);
        const interestValue = numberOr0(interest.value);
        const discountValue = numberOr0(discount.value);
        const limitDays = numberOr0(discount.dueDateLimitDays);
        if (!(fineValue >= 0) || (fineType === 'PERCENTAGE' && fineValue > 100)) problems.add('invalid_fine', 'O valor da multa é inválido.');
        if (!(interestValue >= 0) || interestValue > 100) problems.add('invalid_interest', 'O percentual de juros é inválido.');
        if (!(discountValue >= 0) || (discountType === 'PERCENTAGE' ? discountValue >= 100 : cents(discountValue) >= valueCents)) problems.add('invalid_discount', 'O desconto não pode ser maior ou igual ao valor da cobrança.');
        if (!Number.isInteger(limitDays) || limitDays < 0) problems.add('invalid_discount', 'O prazo máximo do desconto é inválido.');
        if (fine.type !== undefined && fine.type !== 'FIXED' && fine.type !== 'PERCENTAGE') problems.add('invalid_fine', 'O tipo da multa deve ser FIXED ou PERCENTAGE.');
        if (discount.type !== undefined && discount.type !== 'FIXED' && discount.type !== 'PERCENTAGE') problems.add('invalid_discount', 'O tipo do desconto deve ser FIXED ou PERCENTAGE.');
        problems.throwIfAny();
        const payment: Payment = {
          id: newId('pay'),
          invoiceNumber: accountOf(request).state.nextInvoiceNumber(),
          dateCreated: today(),
          customer: customerId as string,
          billingType,
          valueCents,
          paidCents: null,
          dueDate: body.dueDate as string,
          originalDueDate: body.dueDate as string,
          description,
          externalReference: text(body.externalReference),
          status: 'PENDING',
          paymentDate: null,
          clientPaymentDate: null,
          confirmedDate: null,
          fine: { value: fineValue, type: fineType },
          interest: { value: interestValue, type: 'PERCENTAGE' },
          discount: { value: discountValue, dueDateLimitDays: limitDays, type: discountType },
          deleted: false,
        };
        accountOf(request).state.payments.set(payment.id, payment);
        emit(accountOf(request), 'PAYMENT_CREATED', payment, baseUrl(request));
        return paymentJson(payment, baseUrl(request));
      });

      v3.get('/payments', async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const found = [...accountOf(request).state.payments.values()].filter(
          (payment) =>
            !payment.deleted &&
            (query.customer === undefined || payment.customer === query.customer) &&
            (query.externalReference === undefined || payment.externalReference === query.externalReference) &&
            (query.status === undefined || payment.status === query.status) &&
            (query.billingType === undefined || payment.billingType === query.billingType),
        );
        return listOf(
          found.map((payment) => paymentJson(payment, baseUrl(request))),
          query,
        );
      });

      v3.get<{ Params: { id: string } }>('/payments/:id', async (request) => paymentJson(paymentOf(accountOf(request), request.params.id), baseUrl(request)));

      v3.delete<{ Params: { id: string } }>('/payments/:id', async (request) => {
        const payment = paymentOf(accountOf(request), request.params.id);
        if (payment.deleted) throw notFound('Cobrança');
        if (PAID.includes(payment.status)) throw invalidAction('Não é possível remover uma cobrança já recebida.');
        payment.deleted = true;
        emit(accountOf(request), 'PAYMENT_DELETED', payment, baseUrl(request));
        return { deleted: true, id: payment.id };
      });

      v3.post<{ Params: { id: string } }>('/payments/:id/receiveInCash', async (request) => {
        const payment = paymentOf(accountOf(request), request.params.id);
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        if (!validDate(body.paymentDate)) problems.add('invalid_paymentDate', 'A data de pagamento deve ser informada no formato AAAA-MM-DD.');
        else if (dayNumber(body.paymentDate) > dayNumber(today())) problems.add('invalid_paymentDate', 'A data de pagamento não pode ser futura.');
        if (!isNumber(body.value) || body.value <= 0) problems.add('invalid_value', 'O valor recebido deve ser informado.');
        problems.throwIfAny();
        if (payment.deleted) throw invalidAction('A cobrança foi removida.');
        if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') throw invalidAction(`Não é possível confirmar o recebimento de uma cobrança com situação ${payment.status}.`);
        receive(payment, 'RECEIVED_IN_CASH', body.paymentDate as string, cents(body.value as number));
        emit(accountOf(request), 'PAYMENT_RECEIVED', payment, baseUrl(request));
        return paymentJson(payment, baseUrl(request));
      });

      // Service invoices (nota fiscal): scheduled for a payment, issued (authorized) on request.
      const invoiceJson = (invoice: FiscalInvoice) => ({
        object: 'invoice',
        id: invoice.id,
        status: invoice.status,
        customer: invoice.customer,
        payment: invoice.payment,
        type: 'NFS-e',
        serviceDescription: invoice.serviceDescription,
        observations: invoice.observations,
        value: invoice.valueCents / 100,
        deductions: invoice.deductionsCents / 100,
        effectiveDate: invoice.effectiveDate,
        municipalServiceCode: invoice.municipalServiceCode,
        municipalServiceName: invoice.municipalServiceName,
        externalReference: invoice.externalReference,
        taxes: invoice.taxes,
        number: invoice.number,
        pdfUrl: invoice.status === 'AUTHORIZED' ? `/nf/${invoice.id}.pdf` : null,
      });
      const TAXES = ['retainIss', 'iss', 'cofins', 'csll', 'inss', 'ir', 'pis'] as const;

      v3.post('/invoices', async (request) => {
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        const payment = typeof body.payment === 'string' ? accountOf(request).state.payments.get(body.payment) : undefined;
        if (!payment || payment.deleted) problems.add('invalid_payment', 'A cobrança informada não existe.');
        if (!text(body.serviceDescription)) problems.add('invalid_serviceDescription', 'A descrição dos serviços deve ser informada.');
        if (typeof body.observations !== 'string') problems.add('invalid_observations', 'As observações devem ser informadas.');
        if (!isNumber(body.value) || body.value <= 0) problems.add('invalid_value', 'O valor da nota fiscal deve ser informado.');
        if (!validDate(body.effectiveDate)) problems.add('invalid_effectiveDate', 'A data de emissão deve ser informada no formato AAAA-MM-DD.');
        if (!text(body.municipalServiceCode) && !text(body.municipalServiceId)) problems.add('invalid_municipalService', 'O serviço municipal deve ser informado.');
        const taxes = (typeof body.taxes === 'object' && body.taxes !== null ? body.taxes : null) as Record<string, unknown> | null;
        if (!taxes || typeof taxes.retainIss !== 'boolean' || TAXES.slice(1).some((tax) => !isNumber(taxes[tax]))) problems.add('invalid_taxes', 'Os impostos (retainIss, iss, cofins, csll, inss, ir, pis) devem ser informados.');
        problems.throwIfAny();
        const reference = text(body.externalReference);
        const invoice: FiscalInvoice = {
          id: newId('inv'),
          customer: (payment as Payment).customer,
          payment: (payment as Payment).id,
          status: 'SCHEDULED',
          serviceDescription: text(body.serviceDescription) as string,
          observations: body.observations as string,
          valueCents: cents(body.value as number),
          deductionsCents: isNumber(body.deductions) ? cents(body.deductions) : 0,
          effectiveDate: body.effectiveDate as string,
          municipalServiceCode: text(body.municipalServiceCode),
          municipalServiceName: text(body.municipalServiceName),
          externalReference: reference,
          taxes: taxes as Record<string, unknown>,
          number: null,
        };
        accountOf(request).state.invoices.set(invoice.id, invoice);
        return invoiceJson(invoice);
      });

      v3.get('/invoices', async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const found = [...accountOf(request).state.invoices.values()].filter(
          (invoice) =>
            (query.payment === undefined || invoice.payment === query.payment) &&
            (query.externalReference === undefined || invoice.externalReference === query.externalReference) &&
            (query.status === undefined || invoice.status === query.status),
        );
        return listOf(found.map(invoiceJson), query);
      });

      v3.post<{ Params: { id: string } }>('/invoices/:id/authorize', async (request) => {
        const invoice = accountOf(request).state.invoices.get(request.params.id);
        if (!invoice) throw notFound('Nota fiscal');
        if (invoice.status !== 'SCHEDULED') throw invalidAction(`Não é possível emitir uma nota fiscal com situação ${invoice.status}.`);
        invoice.status = 'AUTHORIZED';
        invoice.number = accountOf(request).state.nextInvoiceNumber();
        return invoiceJson(invoice);
      });

      v3.get<{ Params: { id: string } }>('/payments/:id/identificationField', async (request) => {
        const payment = paymentOf(accountOf(request), request.params.id);
        if (payment.billingType === 'CREDIT_CARD' || payment.billingType === 'PIX') throw invalidAction('Esta cobrança não possui linha digitável.');
        if (payment.deleted || PAID.includes(payment.status)) throw invalidAction('A cobrança não está mais aberta.');
        const nossoNumero = payment.invoiceNumber;
        return { nossoNumero, ...boletoCodes(payment.dueDate, payment.valueCents, nossoNumero) };
      });

      v3.get<{ Params: { id: string } }>('/payments/:id/pixQrCode', async (request) => {
        const payment = paymentOf(accountOf(request), request.params.id);
        if (payment.billingType === 'CREDIT_CARD' || payment.billingType === 'BOLETO') throw invalidAction('Esta cobrança não aceita Pix.');
        if (payment.deleted || PAID.includes(payment.status)) throw invalidAction('A cobrança não está mais aberta.');
        const payload = pixPayload(PIX_KEY, payment.valueCents, MERCHANT, payment.id);
        const encodedImage = (await QRCode.toDataURL(payload, { margin: 1 })).replace(/^data:image\/png;base64,/, '');
        return { success: true, encodedImage, payload, expirationDate: `${addDays(payment.dueDate, 365)} 23:59:59` };
      });

      // A subaccount (Asaas's white-label accounts): answered with its own API key, which then
      // reaches only its own customers, payments and webhook.
      v3.post('/accounts', async (request) => {
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        const name = text(body.name);
        if (!name) problems.add('invalid_name', 'O nome deve ser informado.');
        const email = text(body.email);
        if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.add('invalid_email', 'O email informado é inválido.');
        const cpfCnpj = text(body.cpfCnpj)?.replace(/\D/g, '') ?? null;
        const personType = cpfCnpj ? personTypeOf(cpfCnpj) : null;
        if (!personType) problems.add('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
        if (personType === 'FISICA' && !validDate(body.birthDate)) problems.add('invalid_birthDate', 'A data de nascimento deve ser informada.');
        if (personType === 'JURIDICA' && !['MEI', 'LIMITED', 'INDIVIDUAL', 'ASSOCIATION'].includes(String(body.companyType))) problems.add('invalid_companyType', 'O tipo de empresa deve ser informado.');
        if (!/^\d{10,11}$/.test(String(text(body.mobilePhone) ?? '').replace(/\D/g, ''))) problems.add('invalid_mobilePhone', 'O celular informado é inválido.');
        if (!isNumber(body.incomeValue) || body.incomeValue <= 0) problems.add('invalid_incomeValue', 'O faturamento/renda mensal deve ser informado.');
        for (const [field, label] of [['address', 'O endereço'], ['addressNumber', 'O número do endereço'], ['province', 'O bairro']] as const) {
          if (!text(body[field])) problems.add(`invalid_${field}`, `${label} deve ser informado.`);
        }
        if (!/^\d{8}$/.test(String(text(body.postalCode) ?? '').replace(/\D/g, ''))) problems.add('invalid_postalCode', 'O CEP informado é inválido.');
        problems.throwIfAny();
        const apiKey = `$aact_${randomBytes(24).toString('hex')}`;
        newAccount(apiKey, null);
        const id = randomUUID();
        return { object: 'account', id, name, email, cpfCnpj, personType, mobilePhone: text(body.mobilePhone), walletId: randomUUID(), apiKey };
      });

      v3.post('/webhooks', async (request) => {
        const body = (request.body ?? {}) as Body;
        const problems = new Problems();
        const url = text(body.url);
        if (!url || !/^https?:\/\//.test(url)) problems.add('invalid_url', 'Informe uma URL válida.');
        if (!text(body.email)) problems.add('invalid_email', 'O email deve ser informado.');
        problems.throwIfAny();
        const config = { url: url as string, authToken: text(body.authToken) ?? '', enabled: body.enabled !== false };
        accountOf(request).webhooks.config = config;
        return { id: 'wh_1', name: text(body.name), url, email: text(body.email), enabled: config.enabled, interrupted: false, apiVersion: 3, authToken: null, sendType: 'SEQUENTIALLY' };
      });
    },
    { prefix: '/v3' },
  );

  /** The money comes in: how much depends on the day (fine, interest, discount). */
  function receive(payment: Payment, status: PaymentStatus, paidOn: string, paidCents?: number): void {
    const terms = {
      valueCents: payment.valueCents,
      dueDate: payment.dueDate,
      fine: payment.fine.value ? { mode: payment.fine.type, value: payment.fine.type === 'FIXED' ? cents(payment.fine.value) : payment.fine.value } : null,
      interestPercentPerMonth: payment.interest.value,
      discount: payment.discount.value ? { mode: payment.discount.type, value: payment.discount.type === 'FIXED' ? cents(payment.discount.value) : payment.discount.value, daysBeforeDue: payment.discount.dueDateLimitDays } : null,
    };
    payment.status = status;
    payment.paidCents = paidCents ?? amountDueCents(terms, paidOn).totalCents;
    payment.clientPaymentDate = paidOn;
    payment.paymentDate = status === 'CONFIRMED' ? null : paidOn;
    payment.confirmedDate = paidOn;
  }

  // The payer's invoice page, and what the payer and the calendar do (test controls).
  app.get<{ Params: { id: string } }>('/i/:id', async (request, reply) => {
    const { payment } = locate(`pay_${request.params.id}`);
    const open = !payment.deleted && (payment.status === 'PENDING' || payment.status === 'OVERDUE');
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fatura ${payment.invoiceNumber}</title></head><body>
<h1>Fatura ${payment.invoiceNumber}</h1><p>Valor: R$ ${(payment.valueCents / 100).toFixed(2).replace('.', ',')}</p><p>Vencimento: ${payment.dueDate}</p><p id="status">${payment.deleted ? 'REMOVIDA' : payment.status}</p>
${open ? `<form method="post" action="/_test/payments/${payment.id}/pay"><button type="submit">Pagar com Pix</button></form>` : ''}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post<{ Params: { id: string } }>('/_test/payments/:id/pay', async (request, reply) => {
    const { account, payment } = locate(request.params.id);
    const body = (request.body ?? {}) as Body;
    const paidWith = (body.billingType as BillingType | undefined) ?? (payment.billingType === 'UNDEFINED' ? 'PIX' : payment.billingType);
    if (!billingTypes.includes(paidWith) || paidWith === 'UNDEFINED') throw new AsaasError(400, [{ code: 'invalid_billingType', description: 'Forma de pagamento inválida.' }]);
    if (payment.billingType !== 'UNDEFINED' && paidWith !== payment.billingType) throw invalidAction(`Esta cobrança só aceita ${payment.billingType}.`);
    if (payment.deleted || (payment.status !== 'PENDING' && payment.status !== 'OVERDUE')) throw invalidAction('A cobrança não está aberta para pagamento.');
    const paidOn = validDate(body.paymentDate) ? body.paymentDate : today();
    // A card payment is confirmed at once and received when the card company settles it.
    if (paidWith === 'CREDIT_CARD') {
      receive(payment, 'CONFIRMED', paidOn);
      emit(account, 'PAYMENT_CONFIRMED', payment, baseUrl(request));
    } else {
      receive(payment, 'RECEIVED', paidOn);
      emit(account, 'PAYMENT_RECEIVED', payment, baseUrl(request));
    }
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return reply.redirect(`/i/${payment.id.slice(4)}`, 303);
    return paymentJson(payment, baseUrl(request));
  });

  app.post('/_test/clock', async (request) => {
    const body = (request.body ?? {}) as Body;
    if (body.today !== null && !validDate(body.today)) throw new AsaasError(400, [{ code: 'invalid_today', description: 'today: YYYY-MM-DD or null' }]);
    fixedToday = (body.today as string | null) ?? null;
    checkOverdue(baseUrl(request));
    return { today: today() };
  });

  app.post('/_test/webhooks/mode', async (request) => {
    const mode = ((request.body ?? {}) as Body).mode;
    if (mode !== 'immediate' && mode !== 'hold') throw new AsaasError(400, [{ code: 'invalid_mode', description: 'mode: immediate or hold' }]);
    for (const account of accounts.values()) account.webhooks.mode = mode as DeliveryMode;
    return { mode };
  });

  app.post('/_test/webhooks/release', async (request) => {
    const body = (request.body ?? {}) as Body;
    const order = (body.order ?? 'sent') as ReleaseOrder;
    const repeat = body.repeat ?? 1;
    if (!['sent', 'reverse', 'shuffle'].includes(order) || !Number.isInteger(repeat) || (repeat as number) < 1 || (repeat as number) > 10) {
      throw new AsaasError(400, [{ code: 'invalid_release', description: 'order: sent, reverse or shuffle; repeat: 1 to 10' }]);
    }
    let delivered = 0;
    for (const account of accounts.values()) delivered += await account.webhooks.release(order, repeat as number);
    return { delivered };
  });

  app.get('/_test/webhooks/deliveries', async () => {
    return { deliveries: await allDeliveries() };
  });

  return { app, main, accounts, allDeliveries, checkOverdue, today };
}
