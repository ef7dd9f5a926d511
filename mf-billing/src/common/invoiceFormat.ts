import { formatCurrency, formatDate } from '@rastro/shared';
import { openInvoiceStatuses, paidInvoiceStatuses } from '@rastro/shared/contract';
import type { Invoice } from '@rastro/shared/contract';

/** An amount in cents as the reader writes money: R$ 49,90 (pt-BR, es), $49.90 (en-US). */
export const money = (cents: number, language: string) => formatCurrency(cents / 100, language);

/** A calendar date (YYYY-MM-DD) in the reader's order, never shifted by the browser's time zone. */
export const day = (date: string | null, language: string) => (date ? formatDate(`${date}T00:00:00Z`, language, 'date', { timeZone: 'UTC' }) : '');

/** The status key shown: a cancelled invoice reads "cancelled" whatever its provider status was. */
export const statusKey = (invoice: Pick<Invoice, 'status' | 'cancelledAt'>) => (invoice.cancelledAt ? 'CANCELLED' : invoice.status);

/** Still to be paid (and payable: not cancelled). */
export const isOpen = (invoice: Pick<Invoice, 'status' | 'cancelledAt'>) => !invoice.cancelledAt && openInvoiceStatuses.includes(invoice.status);

export const isPaid = (invoice: Pick<Invoice, 'status'>) => paidInvoiceStatuses.includes(invoice.status);

/** The management screen's totals over the invoices shown (cancelled ones count in none). */
export function invoiceTotals(invoices: readonly Invoice[]): { count: number; totalCents: number; receivedCents: number; openCents: number } {
  let totalCents = 0;
  let receivedCents = 0;
  let openCents = 0;
  let count = 0;
  for (const invoice of invoices) {
    if (invoice.cancelledAt) continue;
    count++;
    totalCents += invoice.valueCents;
    if (isPaid(invoice)) receivedCents += invoice.paidValueCents ?? invoice.valueCents;
    else if (isOpen(invoice)) openCents += invoice.valueCents;
  }
  return { count, totalCents, receivedCents, openCents };
}
