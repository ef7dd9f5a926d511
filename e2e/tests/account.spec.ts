import { adminApi } from './admin-api';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { createDevice, signInAs } from './fleet-support';

const stamp = () => Date.now().toString(36);

// My account (/account) and the user's shared links, as a user of its own (its language and links disturb no other spec).
test('a user edits himself: the language switches at once, what only others change is read-only and refused; his links count down, extend and go', async ({ page }) => {
  // One login for the whole flow: longer than one step's default.
  test.setTimeout(120_000);
  const api = await adminApi();
  const email = `conta${stamp()}@rastro.demo`;
  const created = await api.post('/api/users', { data: { name: 'Conta Própria', email, password: 'secret1', deviceLimit: 3 } });
  expect(created.ok(), await created.text()).toBe(true);
  const userId = ((await created.json()) as { id: number }).id;
  const device = await createDevice(api, { name: `Compartilhado ${stamp()}`, uniqueId: `sh${stamp()}` });
  expect((await api.post('/api/permissions', { data: { userId, deviceId: device.id } })).ok()).toBe(true);
  await api.dispose();

  await signInAs(page, email, 'secret1', 'Conta Própria');
  // A link of his, ending in two hours.
  const share = await page.request.post('/rastro/shares', { data: { name: 'Para o cliente', deviceIds: [device.id], expiresAt: new Date(Date.now() + 2 * 3_600_000 - 60_000).toISOString() } });
  expect(share.ok(), await share.text()).toBe(true);

  await page.goto('/account');
  const form = page.getByTestId('account-form');
  await expect(form.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  await expect(page.getByTestId('account-fixed-deviceLimit')).toContainText('3');
  await expect(page.getByTestId('account-fixed-administrator')).toContainText('Não');
  await expect(form.locator('#entity-field-deviceLimit')).toHaveCount(0);
  await expectAccessible(page, '[data-testid="account-area"]');

  // A mismatched confirmation stops the save; then the name and the language are saved and the page follows.
  await form.locator('#entity-field-name').fill('Conta Própria Editada');
  await form.locator('#entity-field-password').fill('secret2');
  await form.locator('#entity-field-passwordConfirmation').fill('secret3');
  await page.getByTestId('entity-save').click();
  await expect(form.getByText('As senhas não conferem')).toBeVisible();
  await form.locator('#entity-field-passwordConfirmation').fill('secret2');
  await form.locator('#entity-field-language').selectOption('en-US');
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('account-form').getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('user-menu')).toContainText('Conta Própria Editada');

  // The gateway refuses what the screen shows read-only, and the new password is the one that works.
  const self = (await (await page.request.get(`/api/users/${userId}`)).json()) as Record<string, unknown>;
  const raised = await page.request.put(`/api/users/${userId}`, { data: { ...self, deviceLimit: -1 } });
  expect(raised.status()).toBe(403);
  expect(await raised.text()).toContain('WRITE_ACCESS_DENIED');
  const newLogin = await page.request.post('/api/session', { form: { email, password: 'secret2' } });
  expect(newLogin.ok()).toBe(true);

  // Shared links: the countdown, a day more, then revoked.
  const row = page.getByTestId('share-row').filter({ hasText: 'Para o cliente' });
  await expect(row).toContainText(device.name);
  await expect(row.getByTestId('share-countdown')).toContainText('1 hour(s) left');
  await row.getByTestId('share-extend').click();
  await expect(row.getByTestId('share-countdown')).toContainText('1 day(s) left');
  await row.getByTestId('share-revoke').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('account-shares-empty')).toBeVisible();
  expect(((await (await page.request.get('/rastro/shares')).json()) as unknown[]).length).toBe(0);
});
