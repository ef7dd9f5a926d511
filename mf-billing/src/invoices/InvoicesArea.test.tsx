import { AreaProviders, initI18n, i18n } from '@rastro/shared';
import type { Invoice, PaymentCodes } from '@rastro/shared/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { invoiceFixture } from '../common/invoiceFixture';
import { InvoicesArea } from './InvoicesArea';

beforeAll(() => initI18n('es'));

const invoice = (fields: Partial<Invoice>) => invoiceFixture({ status: 'OVERDUE', invoiceUrl: 'https://pay.example/i/7', ...fields });

const codes: PaymentCodes = { invoiceUrl: 'https://pay.example/i/7', boletoLine: '46191110000000000000000000000000000000000004990', pixPayload: '000201pix', pixQrCodeImage: 'iVBORw0KGgo=' };
const area = (invoices: Invoice[]) =>
  render(
    <AreaProviders name="mf_billing">
      <InvoicesArea api={{ myInvoices: async () => invoices, paymentCodes: async () => codes }} />
    </AreaProviders>,
  );

it('says plainly that there are no invoices, in the user language', async () => {
  area([]);
  expect(screen.getByTestId('billing-loading')).toBeInTheDocument();
  expect(await screen.findByText('No hay facturas disponibles')).toBeInTheDocument();
});

it('lists status, due date, value in R$ and paid date; an open invoice offers its page, boleto line and Pix QR code', async () => {
  area([invoice({}), invoice({ id: 6, period: '2026-02', dueDate: '2026-02-15', status: 'RECEIVED', paidDate: '2026-02-14', paidValueCents: 4_990 })]);
  const rows = await screen.findAllByTestId('my-invoice');
  expect(rows.map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual(['Vencida15/3/26R$ 49,90Pagar', 'Recibida15/2/26R$ 49,9014/2/26']);
  fireEvent.click(screen.getByTestId('invoice-pay'));
  expect(await screen.findByTestId('pay-boleto-line', {}, { timeout: 5_000 })).toHaveValue(codes.boletoLine);
  expect(screen.getByTestId('pay-invoice-page')).toHaveAttribute('href', codes.invoiceUrl);
  expect(screen.getByTestId('pay-pix-qr')).toHaveAttribute('src', `data:image/png;base64,${codes.pixQrCodeImage}`);
});

it('writes $ in English', async () => {
  await i18n.changeLanguage('en-US');
  area([invoice({})]);
  expect((await screen.findByTestId('my-invoice')).textContent).toContain('$49.90');
  await i18n.changeLanguage('es');
});
