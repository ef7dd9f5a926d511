import type { Invoice } from '@rastro/shared/contract';
import { isOpen, isPaid } from './invoiceFormat';

/** Green paid, red overdue, blue still to pay, grey the rest (cancelled, refunds, disputes). */
export function statusPalette(invoice: Pick<Invoice, 'status' | 'cancelledAt'>): 'green' | 'red' | 'blue' | 'gray' {
  if (invoice.cancelledAt) return 'gray';
  if (isPaid(invoice)) return 'green';
  if (invoice.status === 'OVERDUE') return 'red';
  return isOpen(invoice) ? 'blue' : 'gray';
}
