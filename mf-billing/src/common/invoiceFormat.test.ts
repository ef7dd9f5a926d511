import { invoiceFixture } from './invoiceFixture';
import { day, invoiceTotals, isOpen, money, statusKey } from './invoiceFormat';

const plain = (text: string) => text.replace(/\s/g, ' ');
const invoice = invoiceFixture;

describe('invoices as the reader reads them', () => {
  it('money is R$ with two decimals in pt-BR and es, $ in en-US', () => {
    expect(plain(money(4_990, 'pt-BR'))).toBe('R$ 49,90');
    expect(plain(money(123_456, 'es'))).toBe('R$ 1.234,56');
    expect(money(4_990, 'en-US')).toBe('$49.90');
  });

  it('a due date is the calendar day, in the reader order, whatever the time zone', () => {
    expect(day('2026-03-01', 'pt-BR')).toBe('01/03/2026');
    expect(day('2026-03-01', 'en-US')).toBe('3/1/26');
    expect(day(null, 'en-US')).toBe('');
  });

  it('a cancelled invoice reads cancelled and is not payable', () => {
    const cancelled = invoice({ status: 'OVERDUE', cancelledAt: '2026-03-20T10:00:00Z' });
    expect([statusKey(cancelled), isOpen(cancelled)]).toEqual(['CANCELLED', false]);
    expect(isOpen(invoice({ status: 'OVERDUE' }))).toBe(true);
    expect(isOpen(invoice({ status: 'RECEIVED' }))).toBe(false);
  });

  it('totals: received at the amount paid, open at the value, cancelled left out', () => {
    const totals = invoiceTotals([
      invoice({ status: 'RECEIVED', paidValueCents: 5_095 }),
      invoice({ status: 'OVERDUE' }),
      invoice({ status: 'PENDING', cancelledAt: '2026-03-20T10:00:00Z' }),
      invoice({ status: 'REFUNDED' }),
    ]);
    expect(totals).toEqual({ count: 3, totalCents: 3 * 4_990, receivedCents: 5_095, openCents: 4_990 });
  });
});
