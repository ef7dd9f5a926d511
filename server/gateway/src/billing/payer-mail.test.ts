import { payerMail } from './payer-mail';
import type { StoredInvoice } from './invoice-store';

const invoice = { id: 31, dueDate: '2026-04-05', valueCents: 123_456, description: 'Rastreamento — abril', invoiceUrl: 'https://pay.example/i/31' } as StoredInvoice;
const payer = (attributes: Record<string, unknown>) => ({ email: 'payer@example.com', name: 'Ana', attributes });

describe("the payer's mail", () => {
  it("speaks the payer's language, else the server's, else Portuguese, with its own money and date order", () => {
    const spanish = payerMail('overdue', invoice, payer({ 'rastro.lang': 'es' }));
    expect(spanish.subject).toBe('Su factura 31 está vencida');
    expect(spanish.text).toMatch(/Valor: R\$\s?1\.234,56/);
    expect(spanish.text).toContain('Vencimiento: 05/04/2026');
    const english = payerMail('created', invoice, payer({}), { 'rastro.lang': 'en-US' });
    expect(english.subject).toBe('Your invoice 31 is ready');
    expect(english.text).toMatch(/Amount: R\$\s?1,234\.56/);
    expect(english.text).toContain('Due date: 04/05/2026');
    const portuguese = payerMail('created', invoice, payer({ 'rastro.lang': 'fr' }));
    expect(portuguese.subject).toBe('Sua fatura 31 está disponível');
    expect(portuguese.to).toBe('payer@example.com');
  });

  it('names the invoice page only when the charge has one', () => {
    expect(payerMail('created', invoice, payer({})).text).toContain('https://pay.example/i/31');
    expect(payerMail('created', { ...invoice, invoiceUrl: null }, payer({})).text).not.toContain('Pague');
  });
});
