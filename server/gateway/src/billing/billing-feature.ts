import type { FastifyInstance } from 'fastify';
import type { Edition, SuspendedInvoice, User } from '@rastro/shared/contract';
import type { AccountStateStore } from '../account-state/account-state-store';
import type { AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import type { IntegrationStore } from '../integrations/integration-store';
import type { JobQueue } from '../jobs/job-queue';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import type { TraccarClient } from '../traccar/traccar-client';
import { BillingEngine } from './billing-engine';
import { registerBillingRoutes, WEBHOOK_JOB } from './billing-routes';
import type { InvoiceStore } from './invoice-store';

export const BILLING_RUN_JOB = 'billing-run';
export const FISCAL_INVOICE_JOB = 'billing-fiscal-invoice';

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
    today,
    leadDays: options.leadDays,
    // Through the job queue: issued once across gateways, retried while Asaas refuses or fails.
    onPaid: async (invoiceId) => {
      await options.jobs.enqueueOnce(`billing-fiscal:${invoiceId}`, FISCAL_INVOICE_JOB, { invoiceId });
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
