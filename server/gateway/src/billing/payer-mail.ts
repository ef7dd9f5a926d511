import { DEFAULT_LANGUAGE, languageFromAttributes, type SupportedLanguage, type User } from '@rastro/shared/contract';
import type { OutgoingMail } from '../mail/mailer';
import type { PayerNews } from './billing-engine';
import type { StoredInvoice } from './invoice-store';

interface Words {
  subject: Record<PayerNews, (number: number) => string>;
  opening: Record<PayerNews, string>;
  value: string;
  dueDate: string;
  pay: string;
  closing: string;
}

const words: Record<SupportedLanguage, Words> = {
  'pt-BR': {
    subject: { created: (id) => `Sua fatura ${id} está disponível`, overdue: (id) => `Sua fatura ${id} está vencida` },
    opening: { created: 'Uma nova fatura foi emitida para a sua conta.', overdue: 'A fatura abaixo passou do vencimento e ainda não foi paga. Pague-a para evitar a suspensão do acesso.' },
    value: 'Valor',
    dueDate: 'Vencimento',
    pay: 'Pague por boleto ou Pix na página da fatura',
    closing: 'Se você já pagou, desconsidere esta mensagem.',
  },
  es: {
    subject: { created: (id) => `Su factura ${id} está disponible`, overdue: (id) => `Su factura ${id} está vencida` },
    opening: { created: 'Se emitió una nueva factura para su cuenta.', overdue: 'La factura a continuación pasó su vencimiento y aún no fue pagada. Págela para evitar la suspensión del acceso.' },
    value: 'Valor',
    dueDate: 'Vencimiento',
    pay: 'Pague por boleto o Pix en la página de la factura',
    closing: 'Si ya pagó, ignore este mensaje.',
  },
  'en-US': {
    subject: { created: (id) => `Your invoice ${id} is ready`, overdue: (id) => `Your invoice ${id} is overdue` },
    opening: { created: 'A new invoice was issued for your account.', overdue: 'The invoice below is past its due date and still unpaid. Pay it to keep your access from being suspended.' },
    value: 'Amount',
    dueDate: 'Due date',
    pay: 'Pay by boleto or Pix on the invoice page',
    closing: 'If you have paid already, ignore this message.',
  },
};

/**
 * The payer's mail about an invoice (issued, or overdue), in the payer's language (its
 * `rastro.lang`, else the server's, else Portuguese), with the amount in reais and the invoice
 * page where boleto and Pix are offered. Plain text: it is read in any mail client.
 */
export function payerMail(news: PayerNews, invoice: StoredInvoice, payer: Pick<User, 'email' | 'name' | 'attributes'>, serverAttributes: Record<string, unknown> = {}): OutgoingMail {
  const language = languageFromAttributes(payer.attributes) ?? languageFromAttributes(serverAttributes) ?? DEFAULT_LANGUAGE;
  const w = words[language];
  // Reais in every language (the charge is in reais): written as Brazil writes them, English digits in English.
  const money = new Intl.NumberFormat(language === 'en-US' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' }).format(invoice.valueCents / 100);
  const [year, month, day] = invoice.dueDate.split('-');
  const due = language === 'en-US' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
  return {
    to: payer.email,
    subject: w.subject[news](invoice.id),
    text: [
      `${payer.name},`,
      '',
      w.opening[news],
      '',
      ...(invoice.description ? [invoice.description] : []),
      `${w.value}: ${money}`,
      `${w.dueDate}: ${due}`,
      ...(invoice.invoiceUrl ? ['', `${w.pay}:`, invoice.invoiceUrl] : []),
      '',
      w.closing,
    ].join('\n'),
  };
}
