import { AreaProviders, initI18n } from '@rastro/shared';
import type { IntegrationSettings } from '@rastro/shared/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerBillingCatalogs } from '../locales/catalog';
import { IntegrationsPanel, type IntegrationsApi } from './IntegrationsPanel';

beforeAll(async () => {
  await initI18n('en-US');
  registerBillingCatalogs();
});

const payment: IntegrationSettings['payment'] = { email: 'revenda@example.com', token: '••••1234', sandbox: false, webhookToken: '' };

it("a reseller's panel: its own payment provider and nota fiscal only, with the address its webhooks must go to", async () => {
  const saved: unknown[] = [];
  const api: IntegrationsApi = {
    integrations: async () => ({
      integrations: [
        { key: 'payment', settings: payment, updatedAt: '2026-03-01T00:00:00.000Z' },
        { key: 'invoice', settings: null, updatedAt: null },
      ],
      webhookPath: '/rastro/billing/webhooks/asaas/41',
    }),
    saveIntegration: async (key, settings) => (saved.push([key, settings]), { key: 'payment', settings: payment, updatedAt: null }) as never,
    testMail: async () => ({ sentTo: 'x' }),
  };
  render(
    <AreaProviders name="mf_billing">
      <IntegrationsPanel api={api} />
    </AreaProviders>,
  );
  expect(await screen.findByTestId('integration-webhook-url')).toHaveTextContent(`${window.location.origin}/rastro/billing/webhooks/asaas/41`);
  expect(screen.getByTestId('integration-payment')).toBeInTheDocument();
  expect(screen.getByTestId('integration-invoice')).toBeInTheDocument();
  expect(screen.queryByTestId('integration-mail')).toBeNull();
  expect(screen.queryByTestId('integration-mail-test')).toBeNull();
  fireEvent.click(screen.getByTestId('integration-payment-save'));
  await waitFor(() => expect(saved).toEqual([['payment', { email: 'revenda@example.com', token: '••••1234', sandbox: false }]]));
});
