import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attributeFlag, urlIntegerSchema, invoiceListSchema, invoiceQuerySchema, invoiceSchema, paymentCodesSchema, rastroAttributeKeys, receiveInCashSchema, type Edition, type User } from '@rastro/shared/contract';
import { ApiError } from '../product/api-errors';
import { idParamsSchema } from '../product/id-params';
import { requireCaller, requirePaidEdition } from '../product/caller-guard';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import { credentialsOf, type TraccarClient } from '../traccar/traccar-client';
import { sameSecret, type BillingEngine } from './billing-engine';
import { publicInvoice, type InvoiceStore } from './invoice-store';

export const BILLING_TAG = 'Billing';
export const WEBHOOK_JOB = 'billing-webhook-event';

export interface BillingRoutesOptions {
  engine: BillingEngine;
  invoices: InvoiceStore;
  callers: CallerResolver;
  traccar: TraccarClient;
  edition: Edition;
  today: () => string;
  /** The server's `rastro.enableBilling` switch. */
  enabled: () => Promise<boolean>;
  /** Queues a kept webhook event for the job queue. */
  queueEvent: (eventId: string) => Promise<void>;
}

/** What billing reads of an Asaas webhook; the rest is kept as sent. */
const webhookSchema = z.looseObject({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payment: z.looseObject({ id: z.string().min(1).max(100) }).optional(),
});

/** Who manages billing: an administrator (everyone), or a reseller (the users below it). */
interface BillingManager {
  user: User;
  /** null: every user. */
  userIds: number[] | null;
}

/**
 * `GET /rastro/invoices` (the caller's own), `GET /rastro/billing/invoices` with cancel and
 * receive-in-cash (administrators and resellers), and `POST /rastro/billing/webhooks/asaas`.
 */
export function registerBillingRoutes(app: FastifyInstance, routes: ProductRoutes, options: BillingRoutesOptions): void {
  const { engine, invoices, callers, traccar, edition } = options;

  const requireEnabled = async () => {
    if (!(await options.enabled())) throw new ApiError(404, 'BILLING_DISABLED', 'Billing is switched off on this server');
  };
  const billedCaller = async (request: FastifyRequest): Promise<User> => {
    const user = await requireCaller(callers, request);
    await requireEnabled();
    return user;
  };

  const manager = async (request: FastifyRequest): Promise<BillingManager> => {
    const user = await requireCaller(callers, request);
    requirePaidEdition(edition, 'Billing');
    await requireEnabled();
    if (user.administrator) return { user, userIds: null };
    if (!attributeFlag(user.attributes, rastroAttributeKeys.reseller)) throw new ApiError(403, 'WRITE_ACCESS_DENIED', 'Administrators and resellers only');
    // The tracking server answers a manager's own users: the reseller bills those.
    const managed = await traccar.json<User[]>({ path: '/api/users', credentials: credentialsOf(request.headers) });
    return { user, userIds: managed.map((managedUser) => managedUser.id).filter((id) => id !== user.id) };
  };

  /** The invoice, when the manager may act on it (404 otherwise: another reseller's invoices are not shown to exist). */
  const managedInvoice = async (caller: BillingManager, id: number) => {
    const invoice = await invoices.get(id);
    if (!invoice || (caller.userIds && !caller.userIds.includes(invoice.userId))) throw new ApiError(404, 'NOT_FOUND', 'No such invoice');
    return invoice;
  };

  const own = { method: 'GET', path: '/invoices', summary: "The caller's own invoices, newest first", tag: BILLING_TAG, response: invoiceListSchema, authorize: billedCaller } as const;
  routes.add(app, own, async ({ caller }) => ({ invoices: (await invoices.list({ userIds: [caller.id], today: options.today() })).map(publicInvoice) }));

  const codes = {
    method: 'GET',
    path: '/invoices/:id/payment-codes',
    summary: "How to pay one of the caller's open invoices: its page, boleto line and Pix QR code. 409 INVOICE_NOT_OPEN",
    tag: BILLING_TAG,
    params: idParamsSchema,
    response: paymentCodesSchema,
    authorize: billedCaller,
  } as const;
  routes.add(app, codes, async ({ caller, params }) => {
    const invoice = await invoices.get(params.id);
    if (!invoice || (invoice.userId !== caller.id && !caller.administrator)) throw new ApiError(404, 'NOT_FOUND', 'No such invoice');
    return engine.paymentCodes(invoice);
  });

  const managed = {
    method: 'GET',
    path: '/billing/invoices',
    summary: 'Invoices of the users the caller bills (administrators: everyone; resellers: their users), filtered by status, period (YYYY-MM), user and overdue',
    tag: BILLING_TAG,
    query: invoiceQuerySchema,
    response: invoiceListSchema,
    authorize: manager,
  } as const;
  routes.add(app, managed, async ({ caller, query }) => ({ invoices: (await invoices.list({ ...query, userIds: caller.userIds, today: options.today() })).map(publicInvoice) }));

  const cancel = { method: 'POST', path: '/billing/invoices/:id/cancel', summary: 'Cancel an unpaid invoice (its charge is removed at the provider). 409 INVOICE_ALREADY_PAID, 502 PAYMENT_PROVIDER_ERROR', tag: BILLING_TAG, params: idParamsSchema, response: invoiceSchema, authorize: manager, callers: 'reseller' } as const;
  routes.add(app, cancel, async ({ caller, params }) => {
    await engine.cancel(await managedInvoice(caller, params.id), caller.user);
    return publicInvoice((await invoices.get(params.id))!);
  });

  const cash = {
    method: 'POST',
    path: '/billing/invoices/:id/receive-in-cash',
    summary: 'Mark an invoice as received in cash (at the provider too); lifts the suspension it caused. 409 INVOICE_ALREADY_PAID, INVOICE_CANCELLED; 502 PAYMENT_PROVIDER_ERROR',
    tag: BILLING_TAG,
    params: idParamsSchema,
    body: receiveInCashSchema,
    response: invoiceSchema,
    authorize: manager,
    callers: 'reseller',
  } as const;
  routes.add(app, cash, async ({ caller, params, body }) => {
    await engine.receiveInCash(await managedInvoice(caller, params.id), body, caller.user);
    return publicInvoice((await invoices.get(params.id))!);
  });

  /** The account a webhook path speaks for (null: the installation's), when the header carries that account's token. */
  const webhookAccount = async (request: FastifyRequest): Promise<number | null> => {
    const reseller = (request.params as { resellerId?: string }).resellerId;
    const account = reseller === undefined ? null : /^[1-9]\d{0,15}$/.test(reseller) ? Number(reseller) : NaN;
    const given = request.headers['asaas-access-token'];
    if (Number.isNaN(account) || typeof given !== 'string' || !sameSecret(given, await engine.webhookToken(account))) throw new ApiError(401, 'INVALID_WEBHOOK_TOKEN', 'Wrong or missing asaas-access-token');
    return account;
  };
  const webhookRoute = (path: string, whose: string, params?: z.ZodType) =>
    ({
      method: 'POST',
      path,
      params,
      summary: `Asaas's webhook for ${whose}: authenticated by the asaas-access-token header (that payment integration's webhook token), kept once per event id and applied by the job queue to that account's charges only. 401 INVALID_WEBHOOK_TOKEN`,
      tag: BILLING_TAG,
      body: webhookSchema,
      response: z.object({ received: z.boolean() }),
      callers: 'payment-provider',
      authorize: webhookAccount,
    }) as const;
  const receive = async ({ body, caller: account }: { body: z.output<typeof webhookSchema>; caller: number | null }) => {
    // Event ids are the provider's; two accounts' events are kept apart.
    const key = account === null ? body.id : `reseller-${account}:${body.id}`;
    if (await invoices.keepEvent(key, body.event, body.payment?.id ?? null, body, account)) await options.queueEvent(key);
    return { received: true };
  };
  routes.add(app, webhookRoute('/billing/webhooks/asaas', "the installation's Asaas account"), receive);
  routes.add(app, webhookRoute('/billing/webhooks/asaas/:resellerId', "a reseller's own Asaas account", z.object({ resellerId: urlIntegerSchema.pipe(z.number().positive()) })), receive);
}
