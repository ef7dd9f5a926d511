import { AreaProviders, ApiError, initI18n } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { invoiceFixture } from '../common/invoiceFixture';
import { registerBillingCatalogs } from '../locales/catalog';
import { InvoiceManagement, type ManagementApi } from './InvoiceManagement';

beforeAll(async () => {
  await initI18n('pt-BR');
  registerBillingCatalogs();
});

const invoice = invoiceFixture({ id: 9, userId: 4, status: 'OVERDUE' });

function fakeApi(overrides: Partial<ManagementApi> = {}) {
  const calls: string[] = [];
  const api: ManagementApi = {
    managedInvoices: async () => [invoice],
    users: async () => [{ id: 4, name: 'Maria', email: 'maria@x', attributes: { 'rastro.billing.enabled': true } } as unknown as User],
    cancel: async () => (calls.push('cancel'), invoice),
    receiveInCash: async () => (calls.push('receiveInCash'), { ...invoice, status: 'RECEIVED_IN_CASH' }),
    trustUnlock: async () => {
      throw new ApiError(409, 'TRUST_UNLOCK_ALREADY_USED', JSON.stringify({ code: 'TRUST_UNLOCK_ALREADY_USED' }));
    },
    suspend: async () => (calls.push('suspend'), { state: 'suspended', reason: 'x', trustEndsAt: null, trustUnlockUsedAt: null }),
    ...overrides,
  };
  return { api, calls };
}

const renderWith = (api: ManagementApi) =>
  render(
    <AreaProviders name="mf_billing">
      <InvoiceManagement api={api} />
    </AreaProviders>,
  );

it('each action asks first: dismissed, nothing happens; confirmed, it runs and says so', async () => {
  const { api, calls } = fakeApi();
  renderWith(api);
  const row = await screen.findByTestId('managed-invoice', {}, { timeout: 5_000 });
  expect(row.textContent).toContain('Maria');
  expect(screen.getByTestId('billing-totals').textContent?.replace(/\s/g, ' ')).toBe('1 faturas · total R$ 49,90 · recebido R$ 0,00 · em aberto R$ 49,90');

  fireEvent.click(within(row).getByTestId('action-suspend'));
  expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Suspender o acesso de Maria?');
  fireEvent.click(screen.getByText('Cancelar'));
  await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());
  expect(calls).toEqual([]);

  fireEvent.click(within(row).getByTestId('action-receiveInCash'));
  expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Marcar como recebida em dinheiro a fatura de Maria com vencimento em 15/03/2026?');
  fireEvent.click(screen.getByTestId('confirm-ok'));
  expect(await screen.findByTestId('billing-outcome', {}, { timeout: 5_000 })).toHaveTextContent('Fatura marcada como recebida em dinheiro.');
  expect(calls).toEqual(['receiveInCash']);
});

it('"trust unlock already used" is said in the reader language', async () => {
  const { api } = fakeApi();
  renderWith(api);
  const row = await screen.findByTestId('managed-invoice', {}, { timeout: 5_000 });
  fireEvent.click(within(row).getByTestId('action-trustUnlock'));
  fireEvent.click(await screen.findByTestId('confirm-ok'));
  const outcome = await screen.findByTestId('billing-outcome', {}, { timeout: 5_000 });
  expect([outcome.dataset.kind, outcome.textContent]).toEqual(['error', 'O desbloqueio em confiança já foi usado.']);
});
