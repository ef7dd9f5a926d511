import type { FastifyInstance } from 'fastify';
import { openInvoiceStatuses, type Edition, type SuspendedInvoice, type User } from '@rastro/shared/contract';
import type { AccountStateStore } from '../account-state/account-state-store';
import type { AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import type { IntegrationStore } from '../integrations/integration-store';
import type { JobQueue } from '../jobs/job-queue';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import type { TraccarClient } from '../traccar/traccar-client';
import { MailNotConfiguredError, type Mailer } from '../mail/mailer';
import { BillingEngine, type PayerNews } from './billing-engine';
import { payerMail } from './payer-mail';
import { registerBillingRoutes, WEBHOOK_JOB } from './billing-routes';
import type { InvoiceStore } from './invoice-store';

export const BILLING_RUN_JOB = 'billing-run';
export const FISCAL_INVOICE_JOB = 'billing-fiscal-invoice';
export const PAYER_MAIL_JOB = 'billing-payer-mail';

export interface BillingFeatureOptions {
  invoices: InvoiceStore;
  integrations: IntegrationStore;
  accountStates: AccountStateStore;
  audit: AuditLog;
  jobs: JobQueue;
  callers: CallerResolver;
  traccar: TraccarClient;
  serviceAccount: ServiceAccount;
  edition: Edition;
  cluster?: Pick<ClusterEvents, 'publish'>;
  /** How often invoices are generated and overdue ones acted on (ms). */
  runIntervalMs: number;
  /** Days before the due date an invoice is generated. */
  leadDays: number;
  /** Today (YYYY-MM-DD, UTC); tests move it. */
  today?: () => string;
  /** The server's `rastro.enableBilling` switch (SPEC §3): off, the billing routes answer 404 BILLING_DISABLED and no invoice is generated. */
  enabled: () => Promise<boolean>;
  /** Sends the payer's mails (an invoice issued, an invoice overdue); without it none is sent. */
  mailer?: Pick<Mailer, 'send'>;
  /** The server's attributes (its `rastro.lang` is the payer's language when the payer has none). */
  serverAttributes?: () => Promise<Record<string, unknown>>;
}

export const utcToday = () => new Date().toISOString().slice(0, 10);

/** Billing in the product API: its routes, the recurring billing run and the webhook job. */
export async function registerBillingFeature(app: FastifyInstance, routes: ProductRoutes, options: BillingFeatureOptions): Promise<BillingEngine> {
  const today = options.today ?? utcToday;
  const engine = new BillingEngine({
    invoices: options.invoices,
    integrations: options.integrations,
    accountStates: options.accountStates,
    audit: options.audit,
    cluster: options.cluster,
    users: () => options.serviceAccount.json<User[]>({ path: '/api/users' }),
    managedBy: async (resellerId) => (await options.serviceAccount.json<User[]>({ path: `/api/users?userId=${resellerId}` })).map((user) => user.id),
    today,
    leadDays: options.leadDays,
    // Through the job queue: issued once across gateways, retried while Asaas refuses or fails.
    onPaid: async (invoiceId) => {
      await options.jobs.enqueueOnce(`billing-fiscal:${invoiceId}`, FISCAL_INVOICE_JOB, { invoiceId });
    },
    // Once per invoice and news, across gateways, whichever of the run and the webhook saw it first.
    onPayerNews: async (invoiceId, news) => {
      if (options.mailer) await options.jobs.enqueueOnce(`billing-mail:${invoiceId}:${news}`, PAYER_MAIL_JOB, { invoiceId, news });
    },
  });
  registerBillingRoutes(app, routes, {
    engine,
    invoices: options.invoices,
    callers: options.callers,
    traccar: options.traccar,
    edition: options.edition,
    today,
    enabled: options.enabled,
    queueEvent: async (eventId) => {
      await options.jobs.enqueueOnce(`billing-event:${eventId}`, WEBHOOK_JOB, { eventId });
    },
  });
  options.jobs.define<{ eventId: string }>(WEBHOOK_JOB, async ({ eventId }) => engine.applyEvent(eventId));
  options.jobs.define<{ invoiceId: number }>(FISCAL_INVOICE_JOB, async ({ invoiceId }) => engine.issueFiscalInvoice(invoiceId));
  options.jobs.define<{ invoiceId: number; news: PayerNews }>(PAYER_MAIL_JOB, async ({ invoiceId, news }) => {
    const invoice = await options.invoices.get(invoiceId);
    // Paid or cancelled meanwhile: the news is stale.
    if (!invoice || invoice.cancelledAt || !openInvoiceStatuses.includes(invoice.status) || !options.mailer) return;
    const payer = await options.serviceAccount.json<User>({ path: `/api/users/${invoice.userId}` });
    try {
      await options.mailer.send(payerMail(news, invoice, payer, (await options.serverAttributes?.()) ?? {}));
    } catch (error) {
      // No mail server configured: nothing to retry; any other failure is retried by the queue.
      if (error instanceof MailNotConfiguredError) return app.log.warn({ invoiceId, news }, 'payer mail not sent: mail is not configured');
      throw error;
    }
    app.log.info({ invoiceId, news, userId: invoice.userId }, 'payer mail sent');
  });
  // The free edition bills no one; without a service account the gateway cannot list whom to bill.
  if (options.edition === 'paid' && options.serviceAccount.configured) await options.jobs.every(BILLING_RUN_JOB, options.runIntervalMs, async () => {
      // Switched off, nobody is invoiced, charged or suspended; webhooks still settle the charges already issued.
      if (await options.enabled()) await engine.run();
    });
  return engine;
}

/** The open invoices a suspended user's login answer lists (SPEC §8), with where to pay them. */
export async function openInvoicesForNotice(invoices: InvoiceStore, userId: number): Promise<SuspendedInvoice[]> {
  return (await invoices.openOf(userId)).map((invoice) => ({ id: invoice.id, dueDate: invoice.dueDate, value: invoice.valueCents / 100, status: invoice.status, invoiceUrl: invoice.invoiceUrl }));
}
