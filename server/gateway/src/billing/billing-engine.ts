import { timingSafeEqual, createHash } from 'node:crypto';
import {
  addDays,
  addMonths,
  amountDueCents,
  attributeFlag,
  rastroAttributeKeys,
  dayNumber,
  invoiceStatuses,
  invoiceStatusMayMove,
  openInvoiceStatuses,
  paidInvoiceStatuses,
  userBillingOf,
  type InvoiceStatus,
  type PaymentCodes,
  type User,
  type UserBilling,
} from '@rastro/shared/contract';
import type { AccountStateStore } from '../account-state/account-state-store';
import type { AuditActor, AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import type { IntegrationStore } from '../integrations/integration-store';
import { ApiError } from '../product/api-errors';
import { AsaasCallError, AsaasClient, asaasBaseUrl } from './asaas-client';
import type { InvoiceStore, StoredInvoice } from './invoice-store';

export interface BillingEngineOptions {
  invoices: InvoiceStore;
  integrations: IntegrationStore;
  accountStates: AccountStateStore;
  audit: AuditLog;
  cluster?: Pick<ClusterEvents, 'publish'>;
  /** Every user of the tracking server (the service account's view). */
  users: () => Promise<User[]>;
  /** The ids of the users a reseller manages directly on the tracking server. */
  managedBy: (resellerId: number) => Promise<number[]>;
  /** Today's date, YYYY-MM-DD (UTC). Tests move it. */
  today: () => string;
  /** How many days before its due date an invoice is generated. */
  leadDays: number;
  /** Called once an invoice is first paid (the feature queues its nota fiscal). */
  onPaid?: (invoiceId: number) => Promise<void>;
  /** Called when an invoice's charge is issued, and when it goes overdue (the feature queues the payer's mail). */
  onPayerNews?: (invoiceId: number, news: PayerNews) => Promise<void>;
  /** Client options for tests (short retries). */
  clientOptions?: { timeoutMs?: number; attempts?: number; retryBaseMs?: number };
}

/** What the payer is told by mail: a new invoice to pay, or one past its due date. */
export type PayerNews = 'created' | 'overdue';

const reais = (cents: number) => Math.round(cents) / 100;
export const invoiceReference = (id: number) => `rastro-invoice-${id}`;
const customerReference = (userId: number) => `rastro-user-${userId}`;
export const fiscalInvoiceReference = (id: number) => `rastro-nf-${id}`;
const INVOICE_REFERENCE = /^rastro-invoice-(\d+)$/;

/** Asaas's webhook events and the invoice status each means (when the payment's own status is not one of ours). */
const EVENT_STATUS: Record<string, InvoiceStatus> = {
  PAYMENT_CREATED: 'PENDING',
  PAYMENT_UPDATED: 'PENDING',
  PAYMENT_CONFIRMED: 'CONFIRMED',
  PAYMENT_RECEIVED: 'RECEIVED',
  PAYMENT_OVERDUE: 'OVERDUE',
  PAYMENT_REFUNDED: 'REFUNDED',
  PAYMENT_REFUND_IN_PROGRESS: 'REFUND_IN_PROGRESS',
  PAYMENT_CHARGEBACK_REQUESTED: 'CHARGEBACK_REQUESTED',
  PAYMENT_CHARGEBACK_DISPUTE: 'CHARGEBACK_DISPUTE',
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: 'AWAITING_CHARGEBACK_REVERSAL',
  PAYMENT_DUNNING_REQUESTED: 'DUNNING_REQUESTED',
  PAYMENT_DUNNING_RECEIVED: 'DUNNING_RECEIVED',
  PAYMENT_AWAITING_RISK_ANALYSIS: 'AWAITING_RISK_ANALYSIS',
  PAYMENT_APPROVED_BY_RISK_ANALYSIS: 'PENDING',
};

/** The invoice status a webhook event sets, or null for an event billing does not act on. */
export function statusOfEvent(event: string, paymentStatus: unknown): InvoiceStatus | null {
  if (!(event in EVENT_STATUS)) return null;
  return invoiceStatuses.includes(paymentStatus as InvoiceStatus) ? (paymentStatus as InvoiceStatus) : (EVENT_STATUS[event] as InvoiceStatus);
}

/** Compares two secrets in constant time (their digests, so lengths do not show either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return expected !== '' && timingSafeEqual(digest(given), digest(expected));
}

/** The latest due date of the user's monthly schedule that is no later than `horizon`, or null when the first is later. */
export function dueDateUpTo(firstDueDate: string, horizon: string): string | null {
  if (dayNumber(firstDueDate) > dayNumber(horizon)) return null;
  const [firstYear, firstMonth] = firstDueDate.split('-').map(Number) as [number, number];
  const [year, month] = horizon.split('-').map(Number) as [number, number];
  let months = (year - firstYear) * 12 + (month - firstMonth);
  while (months > 0 && dayNumber(addMonths(firstDueDate, months)) > dayNumber(horizon)) months--;
  return addMonths(firstDueDate, months);
}

/**
 * The billing engine: invoices generated ahead of their due dates, their charges issued at Asaas,
 * overdue invoices suspending accounts, and payments (webhooks, cash) lifting the suspension.
 */
export class BillingEngine {
  constructor(private readonly options: BillingEngineOptions) {}

  /** The client of an account's provider (null: the installation's; else the reseller's own), or null while it has no payment integration. */
  async client(account: number | null = null): Promise<AsaasClient | null> {
    const settings = await this.options.integrations.settings('payment', account);
    if (!settings) return null;
    return new AsaasClient({ baseUrl: asaasBaseUrl(settings.sandbox), apiKey: settings.token, ...this.options.clientOptions });
  }

  /** The account's webhook token ('' when none: every webhook for it is refused). */
  async webhookToken(account: number | null = null): Promise<string> {
    return (await this.options.integrations.settings('payment', account))?.webhookToken ?? '';
  }

  /** One run of the billing job: generate, charge, mark overdue, suspend. */
  async run(): Promise<void> {
    const users = await this.options.users();
    const byId = new Map(users.map((user) => [user.id, user]));
    await this.generate(users);
    await this.chargePending(byId, await this.accountsOf(users));
    for (const id of await this.options.invoices.markOverdue(this.options.today())) await this.options.onPayerNews?.(id, 'overdue');
    await this.suspendOverdue(byId);
  }

  /**
   * Whose Asaas account charges each user: a reseller's customers (the users it manages directly,
   * SPEC §3 "a reseller bills its own customers") its own; everyone else — resellers included,
   * unless a parent reseller manages them — the installation's. A user two resellers manage is
   * charged by the one with the lowest id, so the choice never flips between runs.
   */
  private async accountsOf(users: User[]): Promise<Map<number, number>> {
    const accounts = new Map<number, number>();
    const resellers = users.filter((user) => attributeFlag(user.attributes, rastroAttributeKeys.reseller)).sort((a, b) => a.id - b.id);
    for (const reseller of resellers) {
      for (const id of await this.options.managedBy(reseller.id)) if (id !== reseller.id && !accounts.has(id)) accounts.set(id, reseller.id);
    }
    return accounts;
  }

  private async generate(users: User[]): Promise<void> {
    const today = this.options.today();
    const horizon = addDays(today, this.options.leadDays);
    for (const user of users) {
      const billing = userBillingOf(user.attributes);
      if (!billing) continue;
      const dueDate = dueDateUpTo(billing.firstDueDate, horizon);
      // A due date already past is not invoiced late: the provider refuses it, and the month went unbilled.
      if (!dueDate || dayNumber(dueDate) < dayNumber(today)) continue;
      const invoice = await this.options.invoices.insert({ userId: user.id, period: dueDate.slice(0, 7), dueDate, valueCents: billing.priceCents, description: billing.description, terms: termsOf(billing, dueDate) });
      if (invoice) await this.options.audit.record({ actor: null, action: 'create', objectType: 'invoice', objectId: invoice.id, subjectUserId: user.id, changes: { period: invoice.period, dueDate, valueCents: invoice.valueCents } });
    }
  }

  /** Issues the charge of every invoice that has none yet; a failure is kept on the invoice and tried again next run. */
  private async chargePending(users: Map<number, User>, accounts: Map<number, number>): Promise<void> {
    const pending = await this.options.invoices.uncharged();
    if (!pending.length) return;
    const clients = new Map<number | null, AsaasClient | null>();
    for (const invoice of pending) {
      const user = users.get(invoice.userId);
      const account = accounts.get(invoice.userId) ?? null;
      if (!clients.has(account)) clients.set(account, await this.client(account));
      const client = clients.get(account) ?? null;
      if (!client || !user) {
        const missing = account === null ? 'PAYMENT_INTEGRATION_MISSING: No payment integration is configured' : `PAYMENT_INTEGRATION_MISSING: Reseller ${account} has no payment integration of its own`;
        await this.options.invoices.setProviderError(invoice.id, user ? missing : 'USER_NOT_FOUND: The user no longer exists');
        continue;
      }
      try {
        await this.charge(client, invoice, user, account);
      } catch (error) {
        await this.options.invoices.setProviderError(invoice.id, providerErrorText(error));
      }
    }
  }

  /**
   * The charge at Asaas, made once: the customer and the payment are looked up by their
   * externalReference first, so a run that failed after Asaas created one finds it next time.
   */
  private async charge(client: AsaasClient, invoice: StoredInvoice, user: User, account: number | null): Promise<void> {
    const billing = userBillingOf(user.attributes);
    let customer = await this.options.invoices.customerOf(user.id, account);
    if (!customer) {
      const reference = customerReference(user.id);
      customer = (await client.findCustomer(reference))?.id ?? null;
      if (!customer) {
        if (!billing?.taxId) throw new ApiError(409, 'BILLING_TAX_ID_MISSING', 'The user has no tax id (CPF or CNPJ) in its billing fields');
        customer = (await client.createCustomer({ name: user.name, cpfCnpj: billing.taxId, email: user.email, phone: user.phone || null, externalReference: reference })).id;
      }
      await this.options.invoices.setCustomer(user.id, customer, account);
    }
    const reference = invoiceReference(invoice.id);
    const { terms } = invoice;
    const payment =
      (await client.findPayment(reference)) ??
      (await client.createPayment({
        customer,
        billingType: 'UNDEFINED',
        value: reais(invoice.valueCents),
        dueDate: invoice.dueDate,
        description: invoice.description,
        externalReference: reference,
        ...(terms.fine ? { fine: { value: terms.fine.mode === 'FIXED' ? reais(terms.fine.value) : terms.fine.value, type: terms.fine.mode } } : {}),
        ...(terms.interestPercentPerMonth ? { interest: { value: terms.interestPercentPerMonth } } : {}),
        ...(terms.discount ? { discount: { value: terms.discount.mode === 'FIXED' ? reais(terms.discount.value) : terms.discount.value, dueDateLimitDays: terms.discount.daysBeforeDue, type: terms.discount.mode } } : {}),
      }));
    if (await this.options.invoices.setCharge(invoice.id, payment.id, payment.invoiceUrl, account)) await this.options.onPayerNews?.(invoice.id, 'created');
  }

  /** Suspends the accounts whose invoices are unpaid longer than their billing fields allow. */
  private async suspendOverdue(users: Map<number, User>): Promise<void> {
    const today = dayNumber(this.options.today());
    for (const invoice of await this.options.invoices.overdueUnsuspended(this.options.today())) {
      const days = userBillingOf(users.get(invoice.userId)?.attributes)?.suspendAfterDays;
      if (days === null || days === undefined || today <= dayNumber(invoice.dueDate) + days) continue;
      const state = await this.options.accountStates.get(invoice.userId);
      // Already suspended (by an administrator), or on its trust period: left as it is.
      if (state.state === 'suspended' || state.trustEndsAt !== null) continue;
      const reason = `Invoice ${invoice.id} unpaid since ${invoice.dueDate}`;
      await this.options.accountStates.set(invoice.userId, { state: 'suspended', reason }, null);
      await this.options.invoices.markSuspended(invoice.id);
      await this.options.cluster?.publish({ name: 'accountStateChanged', payload: { userId: invoice.userId, state: 'suspended' } });
      await this.options.audit.record({ actor: null, action: 'suspend', objectType: 'accountState', objectId: invoice.userId, subjectUserId: invoice.userId, changes: { state: 'suspended', reason, invoiceId: invoice.id }, before: state });
    }
  }

  /** Paying (or cancelling) the invoice that suspended the account reactivates it, unless another one still holds it. */
  private async liftIfPaid(invoice: StoredInvoice, actor: AuditActor | null): Promise<void> {
    if (!invoice.suspended || (await this.options.invoices.stillSuspending(invoice.userId))) return;
    const before = await this.options.accountStates.get(invoice.userId);
    if (before.state !== 'suspended' && before.trustEndsAt === null) return;
    await this.options.accountStates.set(invoice.userId, { state: 'active', reason: null }, actor?.id ?? null);
    await this.options.cluster?.publish({ name: 'accountStateChanged', payload: { userId: invoice.userId, state: 'active' } });
    await this.options.audit.record({ actor, action: 'reactivate', objectType: 'accountState', objectId: invoice.userId, subjectUserId: invoice.userId, changes: { state: 'active', invoiceId: invoice.id }, before });
  }

  /**
   * Moves the invoice to `status` unless that is a step back (a late or repeated delivery); true
   * when it moved. Retries when another gateway moved it meanwhile.
   */
  private async move(invoiceId: number, status: InvoiceStatus, paid: { date: string; valueCents: number } | null, actor: AuditActor | null, source: string): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const invoice = await this.options.invoices.get(invoiceId);
      if (!invoice || invoice.status === status || !invoiceStatusMayMove(invoice.status, status)) return false;
      if (!(await this.options.invoices.moveStatus(invoice.id, invoice.status, status, paidInvoiceStatuses.includes(status) ? paid : null))) continue;
      await this.options.audit.record({ actor, action: 'status', objectType: 'invoice', objectId: invoice.id, subjectUserId: invoice.userId, changes: { status, source, ...(paid ? { paidDate: paid.date, paidValueCents: paid.valueCents } : {}) }, before: { status: invoice.status } });
      if (status === 'OVERDUE') await this.options.onPayerNews?.(invoice.id, 'overdue');
      if (paidInvoiceStatuses.includes(status) && !paidInvoiceStatuses.includes(invoice.status)) {
        await this.liftIfPaid(invoice, actor);
        await this.options.onPaid?.(invoice.id);
      }
      return true;
    }
    return false;
  }

  /** The webhook job: applies a kept event once; repeated, late and unknown ones change nothing. */
  async applyEvent(eventId: string): Promise<void> {
    const invoices = this.options.invoices;
    const kept = await invoices.event(eventId);
    if (!kept || kept.processed) return;
    const body = kept.body as { payment?: { id?: string; status?: string; externalReference?: string; value?: number; paymentDate?: string | null; clientPaymentDate?: string | null; confirmedDate?: string | null } };
    const payment = body.payment;
    const status = statusOfEvent(kept.event, payment?.status);
    if (!payment?.id || (status === null && kept.event !== 'PAYMENT_DELETED')) return invoices.eventProcessed(eventId, 'ignored');
    const reference = INVOICE_REFERENCE.exec(payment.externalReference ?? '');
    const invoice = (await invoices.byPayment(payment.id)) ?? (reference ? await invoices.get(Number(reference[1])) : null);
    if (!invoice) return invoices.eventProcessed(eventId, 'unknown payment');
    // An account's token speaks for its own charges only: a reseller cannot settle another's invoices.
    if (invoice.providerAccount !== kept.account) return invoices.eventProcessed(eventId, "another account's payment");
    if (kept.event === 'PAYMENT_DELETED') {
      const cancelled = !paidInvoiceStatuses.includes(invoice.status) && (await invoices.cancel(invoice.id));
      if (cancelled) await this.options.audit.record({ actor: null, action: 'cancel', objectType: 'invoice', objectId: invoice.id, subjectUserId: invoice.userId, changes: { source: 'webhook' } });
      return invoices.eventProcessed(eventId, cancelled ? 'cancelled' : 'unchanged');
    }
    const paidDate = payment.paymentDate ?? payment.clientPaymentDate ?? payment.confirmedDate ?? this.options.today();
    const moved = await this.move(invoice.id, status as InvoiceStatus, { date: paidDate, valueCents: Math.round((payment.value ?? 0) * 100) || invoice.valueCents }, null, `webhook ${kept.event}`);
    await invoices.eventProcessed(eventId, moved ? `status ${status}` : 'unchanged');
  }

  /** An administrator's cash receipt: at Asaas when the charge exists, then here. */
  async receiveInCash(invoice: StoredInvoice, input: { paymentDate?: string; valueCents?: number }, actor: AuditActor): Promise<void> {
    if (invoice.cancelledAt) throw new ApiError(409, 'INVOICE_CANCELLED', 'The invoice was cancelled');
    if (paidInvoiceStatuses.includes(invoice.status)) throw new ApiError(409, 'INVOICE_ALREADY_PAID', 'The invoice is already paid');
    const paymentDate = input.paymentDate ?? this.options.today();
    if (dayNumber(paymentDate) > dayNumber(this.options.today())) throw new ApiError(400, 'INVALID_INPUT', 'The payment date cannot be in the future', ['paymentDate']);
    const valueCents = input.valueCents ?? amountDueCents({ ...invoice.terms, valueCents: invoice.valueCents, dueDate: invoice.dueDate }, paymentDate).totalCents;
    if (invoice.providerPaymentId) {
      const client = await this.requireClient(invoice.providerAccount);
      try {
        await client.receiveInCash(invoice.providerPaymentId, { paymentDate, value: reais(valueCents), notifyCustomer: false });
      } catch (error) {
        // A lost answer to an earlier try: Asaas has it received already.
        const current = error instanceof AsaasCallError && !error.transient ? await client.getPayment(invoice.providerPaymentId).catch(() => null) : null;
        if (current?.status !== 'RECEIVED_IN_CASH') throw providerRefusal(error);
      }
    }
    await this.move(invoice.id, 'RECEIVED_IN_CASH', { date: paymentDate, valueCents }, actor, 'cash');
  }

  /** An administrator's cancellation: the charge removed at Asaas, the invoice no longer owed. */
  async cancel(invoice: StoredInvoice, actor: AuditActor): Promise<void> {
    if (paidInvoiceStatuses.includes(invoice.status)) throw new ApiError(409, 'INVOICE_ALREADY_PAID', 'A paid invoice cannot be cancelled');
    if (invoice.cancelledAt) return;
    if (invoice.providerPaymentId) {
      const client = await this.requireClient(invoice.providerAccount);
      await client.deletePayment(invoice.providerPaymentId).catch((error: unknown) => {
        throw providerRefusal(error);
      });
    }
    if (!(await this.options.invoices.cancel(invoice.id))) return;
    await this.options.audit.record({ actor, action: 'cancel', objectType: 'invoice', objectId: invoice.id, subjectUserId: invoice.userId, changes: { cancelled: true } });
    await this.liftIfPaid(invoice, actor);
  }

  /** The payer's codes of an open invoice; a code the provider does not offer for it (by billing type) is null. */
  async paymentCodes(invoice: StoredInvoice): Promise<PaymentCodes> {
    if (invoice.cancelledAt || !openInvoiceStatuses.includes(invoice.status)) throw new ApiError(409, 'INVOICE_NOT_OPEN', 'The invoice is not open for payment');
    if (!invoice.providerPaymentId) return { invoiceUrl: invoice.invoiceUrl, boletoLine: null, pixPayload: null, pixQrCodeImage: null };
    const client = await this.requireClient(invoice.providerAccount);
    const id = invoice.providerPaymentId;
    // A refusal (invalid_action: not offered) is "none"; a failure of the provider is the administrator's 502.
    const offered = <T>(call: Promise<T>) =>
      call.catch((error: unknown) => {
        if (error instanceof AsaasCallError && !error.transient) return null;
        throw providerRefusal(error);
      });
    const [boleto, pix] = await Promise.all([offered(client.identificationField(id)), offered(client.pixQrCode(id))]);
    return { invoiceUrl: invoice.invoiceUrl, boletoLine: boleto?.identificationField ?? null, pixPayload: pix?.payload ?? null, pixQrCodeImage: pix?.encodedImage ?? null };
  }

  /**
   * The nota fiscal of a paid invoice, when the invoice integration is switched on: scheduled at
   * Asaas for the payment (found by its externalReference first, so a retried job never issues two)
   * and authorized. A refusal throws, and the job queue tries again.
   */
  async issueFiscalInvoice(invoiceId: number): Promise<void> {
    const invoice = await this.options.invoices.get(invoiceId);
    if (!invoice?.providerPaymentId || !paidInvoiceStatuses.includes(invoice.status)) return;
    // The account that holds the payment issues its nota fiscal, with its own settings.
    const settings = await this.options.integrations.settings('invoice', invoice.providerAccount);
    if (!settings?.enabled) return;
    const client = await this.requireClient(invoice.providerAccount);
    const reference = fiscalInvoiceReference(invoice.id);
    const valueCents = invoice.paidValueCents ?? invoice.valueCents;
    const fiscal =
      (await client.findFiscalInvoice(reference)) ??
      (await client.scheduleFiscalInvoice({
        payment: invoice.providerPaymentId,
        serviceDescription: settings.serviceDescription,
        observations: invoice.description ?? '',
        value: reais(valueCents),
        deductions: 0,
        effectiveDate: invoice.paidDate ?? this.options.today(),
        municipalServiceCode: settings.municipalServiceCode,
        ...(settings.municipalServiceName ? { municipalServiceName: settings.municipalServiceName } : {}),
        externalReference: reference,
        taxes: { retainIss: false, iss: settings.issPercent, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 },
      }));
    if (fiscal.status !== 'SCHEDULED') return;
    const issued = await client.authorizeFiscalInvoice(fiscal.id);
    await this.options.audit.record({ actor: null, action: 'fiscalInvoice', objectType: 'invoice', objectId: invoice.id, subjectUserId: invoice.userId, changes: { fiscalInvoiceId: issued.id, number: issued.number } });
  }

  private async requireClient(account: number | null): Promise<AsaasClient> {
    const client = await this.client(account);
    if (!client) throw new ApiError(409, 'PAYMENT_INTEGRATION_MISSING', 'No payment integration is configured');
    return client;
  }
}

function termsOf(billing: UserBilling, dueDate: string) {
  return { valueCents: billing.priceCents, dueDate, fine: billing.fine, interestPercentPerMonth: billing.interestPercentPerMonth, discount: billing.discount };
}

/**
 * What an invoice keeps of its charge's last failure, for the administrator: `CODE: details`, the
 * code one of providerRefusal's (or the engine's own), which the management screen translates.
 */
export function providerErrorText(error: unknown): string {
  const refusal = providerRefusal(error);
  return `${refusal.code}: ${refusal.message}`;
}

/**
 * The provider's failure as the administrator reads it, by kind, so the screen can say it in the
 * user's language: 504 PAYMENT_PROVIDER_TIMEOUT (no answer in time), 502 PAYMENT_PROVIDER_UNAVAILABLE
 * (5xx, 429, unreachable: try again later), 502 PAYMENT_PROVIDER_REFUSED (4xx: Asaas's error list in
 * `providerErrors`, each code translated by the screen, its description kept for codes it does not know).
 */
export function providerRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AsaasCallError) {
    if (error.status === 0 && error.has('timeout')) return new ApiError(504, 'PAYMENT_PROVIDER_TIMEOUT', error.message);
    if (error.transient) return new ApiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', error.message);
    return new ApiError(502, 'PAYMENT_PROVIDER_REFUSED', error.message, undefined, undefined, error.errors);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider failed: ${message}`);
}
