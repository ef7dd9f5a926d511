import type { Invoice } from '@rastro/shared/contract';

/** Tests' invoice: R$ 49,90 due 15 March 2026, charged, unpaid; `fields` change what a test is about. */
export const invoiceFixture = (fields: Partial<Invoice> = {}): Invoice => ({
  id: 7,
  userId: 2,
  period: '2026-03',
  dueDate: '2026-03-15',
  valueCents: 4_990,
  status: 'PENDING',
  paidDate: null,
  paidValueCents: null,
  charges: 1,
  description: null,
  invoiceUrl: null,
  cancelledAt: null,
  providerError: null,
  createdAt: '2026-03-05T00:00:00.000Z',
  ...fields,
});
