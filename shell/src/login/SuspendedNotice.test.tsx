import { i18n, initI18n } from '@rastro/shared/core';
import type { LoginFailure } from '@rastro/shared/core';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { SuspendedNotice } from './SuspendedNotice';

const failure: LoginFailure = {
  code: 'ACCOUNT_IS_SUSPENDED_TRUST',
  trustAvailable: true,
  invoices: [{ id: 'inv-1', value: 1234.5, dueDate: '2026-01-10', invoiceUrl: 'https://pay.example/inv-1' }],
};
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

beforeAll(() => initI18n('pt-BR'));
afterAll(() => act(() => i18n.changeLanguage('pt-BR')));

// SPEC §9: R$ with 2 decimals in Portuguese and Spanish, $ in English.
describe.each([
  { language: 'pt-BR', invoice: 'R$ 1.234,50 — vencimento 10/01/', unlock: 'Desbloquear em confiança', pay: 'Pagar' },
  { language: 'es', invoice: 'R$ 1.234,50 — vencimiento 10/1/', unlock: 'Desbloquear por confianza', pay: 'Pagar' },
  { language: 'en-US', invoice: '$1,234.50 — due 1/10/', unlock: 'Unlock on trust', pay: 'Pay' },
])('suspended notice in $language', ({ language, invoice, unlock, pay }) => {
  it('lists the open invoices in the currency of the language, with where to pay, and offers the trust unlock', async () => {
    await act(() => i18n.changeLanguage(language));
    const onTrustUnlock = jest.fn();
    renderWithProviders(<SuspendedNotice failure={failure} unlocking={false} unlockError={null} onTrustUnlock={onTrustUnlock} />);
    expect(plain(screen.getByRole('listitem').textContent)).toContain(invoice);
    expect(screen.getByRole('link', { name: pay })).toHaveAttribute('href', 'https://pay.example/inv-1');
    screen.getByRole('button', { name: unlock }).click();
    expect(onTrustUnlock).toHaveBeenCalledTimes(1);
  });
});
