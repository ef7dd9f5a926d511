import { PRODUCT_API_TIMEOUT_MS, TRACKING_API_TIMEOUT_MS, createHttpClient } from '@rastro/shared';
import type { AccountState, HttpClient, User } from '@rastro/shared';
import type { Integration, IntegrationKey, IntegrationList, IntegrationSettings, Invoice, InvoiceList, InvoiceStatus, PaymentCodes } from '@rastro/shared/contract';

/** The management screen's filters, as `GET /rastro/billing/invoices` takes them. */
export interface InvoiceFilters {
  status?: InvoiceStatus;
  period?: string;
  userId?: number;
  overdue?: boolean;
}

export interface BillingApi {
  myInvoices(): Promise<Invoice[]>;
  paymentCodes(invoiceId: number): Promise<PaymentCodes>;
  managedInvoices(filters: InvoiceFilters): Promise<Invoice[]>;
  cancel(invoiceId: number): Promise<Invoice>;
  receiveInCash(invoiceId: number): Promise<Invoice>;
  trustUnlock(userId: number): Promise<AccountState>;
  suspend(userId: number, reason: string): Promise<AccountState>;
  /** The users the caller sees (names for the management screen). */
  users(): Promise<User[]>;
  /** The caller's integrations (an administrator's: the installation's; a reseller's: its own) and where its webhooks must go. */
  integrations(): Promise<IntegrationList>;
  saveIntegration<Key extends IntegrationKey>(key: Key, settings: IntegrationSettings[Key]): Promise<Integration>;
  testMail(): Promise<{ sentTo: string }>;
}

export function createBillingApi(
  product: HttpClient = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS }),
  tracking: HttpClient = createHttpClient({ baseUrl: '/api', timeoutMs: TRACKING_API_TIMEOUT_MS }),
): BillingApi {
  const post = <T>(path: string, json?: unknown) => product.json<T>(path, { method: 'POST', json: json ?? {} });
  return {
    myInvoices: async () => (await product.json<InvoiceList>('/invoices')).invoices,
    paymentCodes: (invoiceId) => product.json<PaymentCodes>(`/invoices/${invoiceId}/payment-codes`),
    managedInvoices: async ({ overdue, ...filters }) => (await product.json<InvoiceList>('/billing/invoices', { query: { ...filters, overdue: overdue ? 'true' : undefined } })).invoices,
    cancel: (invoiceId) => post(`/billing/invoices/${invoiceId}/cancel`),
    receiveInCash: (invoiceId) => post(`/billing/invoices/${invoiceId}/receive-in-cash`),
    trustUnlock: (userId) => post(`/users/${userId}/trust-unlock`),
    suspend: (userId, reason) => product.json<AccountState>(`/users/${userId}/account-state`, { method: 'PUT', json: { state: 'suspended', reason } }),
    users: () => tracking.json<User[]>('/users'),
    integrations: () => product.json<IntegrationList>('/integrations'),
    saveIntegration: (key, settings) => post(`/integrations/${key}`, settings),
    testMail: () => post('/integrations/mail/test'),
  };
}

export const billingApi = createBillingApi();
