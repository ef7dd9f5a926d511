import { expectAccessible } from './axe';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './demo';
import { expect, test } from './fixtures';
import { DEMO_ASAAS, currentPorts, localUrl } from './slot';

/**
 * Billing end to end against the slot's gateway, tracker and Asaas-compatible payment server. Time
 * is the payment server's test clock, which is billing's calendar too (playwright.config.ts): the
 * test moves it, then waits on the state billing reaches (the billing run repeats every second).
 */

const CPF = '52998224725';
const password = 'billing1';
let api: APIRequestContext;
const stamp = Date.now();
const payer = { name: 'Cliente Pagador', email: `payer.${stamp}@billing.test` };
const cashCustomer = { name: 'Cliente Dinheiro', email: `cash.${stamp}@billing.test` };
const reseller = { name: 'Revenda Própria', email: `reseller.${stamp}@billing.test` };
const resellerCustomer = { name: 'Cliente da Revenda', email: `reseller.customer.${stamp}@billing.test` };

const asaas = (path: string, body: unknown, key?: string) => api.post(`${localUrl(currentPorts().asaas)}${path}`, { data: body, ...(key ? { headers: { access_token: key } } : {}) });
const setToday = async (today: string | null) => expect((await asaas('/_test/clock', { today })).ok()).toBe(true);

async function setBilling(on: boolean) {
  const server = (await (await api.get('/api/server')).json()) as { attributes: Record<string, unknown> };
  const answer = await api.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'rastro.enableBilling': on ? 'true' : 'false' } } });
  expect(answer.ok()).toBe(true);
}

async function billedUser(user: { name: string; email: string }, autoSuspend: boolean, enabled = true): Promise<number> {
  const attributes = {
    'rastro.billing.enabled': enabled,
    'rastro.billing.taxId': CPF,
    'rastro.billing.priceCents': 4_990,
    'rastro.billing.firstDueDate': '2026-03-15',
    'rastro.billing.autoSuspend': autoSuspend,
    'rastro.billing.suspendAfterDays': 2,
  };
  const created = await api.post('/api/users', { data: { ...user, password, attributes } });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: number }).id;
}

/** The user's invoice once its charge exists at the payment server. */
async function chargedInvoice(userId: number): Promise<{ id: number; invoiceUrl: string }> {
  let invoice: { id: number; invoiceUrl: string | null } | undefined;
  await expect
    .poll(async () => {
      invoice = ((await (await api.get(`/rastro/billing/invoices?userId=${userId}`)).json()) as { invoices: Array<{ id: number; invoiceUrl: string | null }> }).invoices[0];
      return invoice?.invoiceUrl ?? null;
    })
    .not.toBeNull();
  return invoice as { id: number; invoiceUrl: string };
}

/** Signs in from a fresh start; what the login ends on: the suspended notice or the signed-in shell. */
async function signInAs(page: Page, email: string): Promise<string | null> {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
  return page.getByTestId('suspended-notice').or(page.getByTestId('user-menu')).getAttribute('data-testid', { timeout: 15_000 });
}

// Each test is a whole billing cycle across three servers and a browser: more steps than most specs.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  api = await adminApi();
  // Before the users exist: their first invoice is generated on this calendar, ten days ahead of 15 March.
  await setToday('2026-03-10');
  const saved = await api.post('/rastro/integrations/payment', { data: { email: 'billing@rastro.demo', token: DEMO_ASAAS.apiKey, sandbox: true, webhookToken: DEMO_ASAAS.webhookToken } });
  expect(saved.ok()).toBe(true);
  await setBilling(true);
});

test.afterAll(async () => {
  // The slot's stack serves the other specs: billing off, the calendar back to the real one.
  await setBilling(false);
  await setToday(null);
  await api.dispose();
});

test('a user sees its invoice, is suspended when it goes overdue, sees it at login, pays it and signs in again', async ({ page }) => {
  const userId = await billedUser(payer, true);
  const invoice = await chargedInvoice(userId);

  await signInAs(page, payer.email);
  await page.goto('/invoices');
  const row = page.getByTestId('my-invoice');
  await expect(row).toHaveAttribute('data-status', 'PENDING');
  await expect(row).toContainText('R$ 49,90');
  await expect(row).toContainText('15/03/2026');
  await expectAccessible(page, '[data-testid=my-invoices]');
  await row.getByTestId('invoice-pay').click();
  await expect(page.getByTestId('pay-boleto-line')).toHaveValue(/^\d{47}$/);
  await expect(page.getByTestId('pay-pix-qr')).toBeVisible();
  await expect(page.getByTestId('pay-invoice-page')).toHaveAttribute('href', invoice.invoiceUrl);
  await expectAccessible(page, '[data-testid=pay-dialog]');

  // Three days after the due date (two allowed): overdue, then suspended; the open session ends.
  await setToday('2026-03-18');
  await expect.poll(() => signInAs(page, payer.email)).toBe('suspended-notice');
  const notice = page.getByTestId('suspended-notice');
  await expect(notice).toContainText('R$ 49,90');
  const payLink = notice.getByRole('link');
  await expect(payLink).toHaveAttribute('href', invoice.invoiceUrl);

  // The payer pays on the provider's page; its webhook reaches the gateway, which lifts the suspension.
  await page.goto(invoice.invoiceUrl);
  await page.getByRole('button').click();
  await expect.poll(() => signInAs(page, payer.email)).toBe('user-menu');
  await page.goto('/invoices');
  await expect(page.getByTestId('my-invoice')).toHaveAttribute('data-status', 'RECEIVED');
});

test('an administrator receives an invoice in cash from billing management', async ({ page }) => {
  // The calendar is past this user's first due date: the next one (15 April) is within reach.
  await setToday('2026-04-08');
  const userId = await billedUser(cashCustomer, false);
  const invoice = await chargedInvoice(userId);

  await signIn(page, '/billing');
  await page.locator('#billing-filter-user').selectOption(String(userId));
  const row = page.locator(`[data-testid=managed-invoice][data-invoice-id="${invoice.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'PENDING');
  await expect(page.getByTestId('billing-totals')).toContainText('R$ 49,90');
  await expectAccessible(page, '[data-testid=billing-management]');
  await row.getByTestId('action-receiveInCash').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(cashCustomer.name);
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveAttribute('data-status', 'RECEIVED_IN_CASH');
  await expect(page.getByTestId('billing-outcome')).toHaveAttribute('data-kind', 'success');

  await page.getByTestId('billing-section-integrations').click();
  await expect(page.locator('#integration-payment-email')).toHaveValue('billing@rastro.demo');
  await expectAccessible(page, '[data-testid=billing-integrations]');
});

test("a reseller charges its customers through its own Asaas account, set on its own integrations screen", async ({ page }) => {
  // Its own account at the provider: a subaccount of the installation's, with a key of its own.
  const account = await asaas('/v3/accounts', { name: reseller.name, email: reseller.email, cpfCnpj: '11222333000181', companyType: 'LIMITED', mobilePhone: '51999990000', incomeValue: 20000, address: 'Rua A', addressNumber: '1', province: 'Centro', postalCode: '90000000' }, DEMO_ASAAS.apiKey);
  expect(account.ok()).toBe(true);
  const { apiKey } = (await account.json()) as { apiKey: string };
  const created = await api.post('/api/users', { data: { ...reseller, password, userLimit: 10, attributes: { 'rastro.reseller': true } } });
  expect(created.ok()).toBe(true);
  const resellerId = ((await created.json()) as { id: number }).id;

  expect(await signInAs(page, reseller.email)).toBe('user-menu');
  await page.goto('/billing');
  await page.getByTestId('billing-section-integrations').click();
  await expect(page.getByTestId('integration-payment')).toBeVisible();
  await expect(page.getByTestId('integration-invoice')).toBeVisible();
  await expect(page.getByTestId('integration-mail')).toHaveCount(0);
  const webhookUrl = page.getByTestId('integration-webhook-url');
  await expect(webhookUrl).toHaveText(new RegExp(`/rastro/billing/webhooks/asaas/${resellerId}$`));
  await page.locator('#integration-payment-email').fill(reseller.email);
  await page.locator('#integration-payment-token').fill(apiKey);
  await page.locator('#integration-payment-webhookToken').fill('reseller-e2e-webhook-token-42');
  await page.getByTestId('integration-payment-save').click();
  await expect(page.getByTestId('integration-payment').getByTestId('billing-outcome')).toHaveAttribute('data-kind', 'success');
  await expect(page.locator('#integration-payment-token')).toHaveValue(/^••••/);
  // The provider's webhooks for its account go where the screen says.
  expect((await asaas('/v3/webhooks', { url: await webhookUrl.textContent(), email: reseller.email, authToken: 'reseller-e2e-webhook-token-42', enabled: true }, apiKey)).ok()).toBe(true);

  // Its customer's invoice is charged in its account, and paid there.
  // Billed once the reseller manages it, so no billing run charges it before.
  const customerId = await billedUser(resellerCustomer, false, false);
  expect((await api.post('/api/permissions', { data: { userId: resellerId, managedUserId: customerId } })).ok()).toBe(true);
  const stored = (await (await api.get(`/api/users/${customerId}`)).json()) as { attributes: Record<string, unknown> };
  expect((await api.put(`/api/users/${customerId}`, { data: { ...stored, attributes: { ...stored.attributes, 'rastro.billing.enabled': true } } })).ok()).toBe(true);
  const invoice = await chargedInvoice(customerId);
  const inAccount = await api.get(`${localUrl(currentPorts().asaas)}/v3/payments?externalReference=rastro-invoice-${invoice.id}`, { headers: { access_token: apiKey } });
  const [payment] = ((await inAccount.json()) as { data: Array<{ id: string }> }).data;
  expect(payment).toBeDefined();
  // The payer pays (the provider's test control, as its invoice page's button does); the reseller's
  // account's webhook settles the invoice, and the reseller's management screen shows it paid.
  expect((await asaas(`/_test/payments/${payment?.id}/pay`, {})).ok()).toBe(true);
  await expect.poll(async () => ((await (await api.get(`/rastro/billing/invoices?userId=${customerId}`)).json()) as { invoices: Array<{ status: string }> }).invoices[0]?.status).toBe('RECEIVED');
  await page.getByTestId('billing-section-invoices').click();
  await expect(page.locator(`[data-testid=managed-invoice][data-invoice-id="${invoice.id}"]`)).toHaveAttribute('data-status', 'RECEIVED');
});
