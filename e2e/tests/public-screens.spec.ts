import { expect, signedOut, test } from './fixtures';
import { adminApi } from './admin-api';
import { demoAdmin } from './demo';

// What a visitor sees before signing in: these tests start without the shared admin session.
test.use(signedOut);

test.describe('login and recovery validation (SPEC §5, §8)', () => {
  test('login: both fields are needed, Enter submits, and a shared-link access needs a link', async ({ page }) => {
    await page.goto('/login');
    await page.locator('#login-email').fill(demoAdmin.email);
    await page.locator('#login-email').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Preencha todos os campos.');

    await page.getByRole('button', { name: 'Abrir link' }).click();
    await expect(page.getByTestId('share-access').getByRole('alert')).toHaveText('Preencha todos os campos.');
  });

  test('an expired or unknown share link says so on the login screen', async ({ page }) => {
    await page.goto('/share/no-such-token');
    await expect(page.getByRole('alert')).toHaveText('Link compartilhado expirado.');
    await expect(page.locator('#login-email')).toBeVisible();
  });

  test('a shared link pasted on the login screen opens /share/<token>', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Link ou código compartilhado').fill('https://frota.example/share/abc-123');
    await page.getByLabel('Link ou código compartilhado').press('Enter');
    await expect(page).toHaveURL(/\/share\/abc-123$/);
    await expect(page.getByRole('alert')).toHaveText('Link compartilhado expirado.');
  });

  test('recovery request: the email is needed, then a form with email and origin goes to the server', async ({ page, baseURL }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/login\/recover$/);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Informe o e-mail.');

    await page.getByLabel('E-mail').fill('ninguem@rastro.demo');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/session/password') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    const form = new URLSearchParams((await sent).postData() ?? '');
    expect(Object.fromEntries(form)).toEqual({ email: 'ninguem@rastro.demo', requested_from: new URL(baseURL ?? '').origin });
    // Sent, or this server has no mail configured: either way a translated sentence, never a key.
    await expect(page.getByText(/enviamos um link|não está disponível neste servidor/)).toBeVisible();
  });

  test('new password: the token is needed, the password has 4 characters, and an unknown token is refused', async ({ page }) => {
    await page.goto('/login/recover/not-a-real-token');
    await expect(page.getByLabel('Código de recuperação')).toHaveValue('not-a-real-token');

    await page.getByLabel('Código de recuperação').fill('');
    await page.getByLabel('Nova senha', { exact: true }).fill('abcd');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByRole('alert')).toHaveText('Informe o código de recuperação.');

    await page.getByLabel('Código de recuperação').fill('not-a-real-token');
    await page.getByLabel('Nova senha', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByRole('alert')).toHaveText('A senha precisa de pelo menos 4 caracteres.');

    await page.getByLabel('Nova senha', { exact: true }).fill('abcd');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByRole('alert')).toHaveText('Este link de recuperação é inválido, expirou ou já foi usado.');
  });

  test('register: name and surname of 3, login of 4 and password of 4 characters', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Nome e sobrenome').fill('Al');
    await page.getByLabel('E-mail').fill('a@x');
    await page.getByLabel('Senha').fill('abc');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Informe nome e sobrenome (pelo menos 3 caracteres).')).toBeVisible();
    await expect(page.getByText('O login ou e-mail precisa de pelo menos 4 caracteres.')).toBeVisible();
    await expect(page.getByText('A senha precisa de pelo menos 4 caracteres.')).toBeVisible();
  });

  test('a suspended account unlocks itself on trust once: the notice offers it, the unlock signs in, a new suspension offers it no more', async ({ page }) => {
    // An administrator, through the API: a customer whose billing fields allow 3 trust days, suspended.
    const admin = await adminApi();
    const customer = { name: 'Devedor Confiável', email: `devedor${Date.now()}@rastro.demo`, password: '1234' };
    const created = await admin.post('/api/users', { data: { ...customer, attributes: { 'rastro.billing.trustUnlock': true, 'rastro.billing.trustDays': 3 } } });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const suspend = async () => expect((await admin.put(`/rastro/users/${id}/account-state`, { data: { state: 'suspended', reason: 'Fatura 12 vencida' } })).ok()).toBe(true);
    await suspend();

    const logIn = async () => {
      await page.goto('/login');
      await page.locator('#login-email').fill(customer.email);
      await page.locator('#login-password').fill(customer.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      return page.getByTestId('suspended-notice');
    };
    const notice = await logIn();
    await expect(notice).toContainText('Você pode desbloqueá-la em confiança uma vez enquanto paga.');
    await notice.getByRole('button', { name: 'Desbloquear em confiança' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('user-menu')).toContainText(customer.name);
    const state = (await (await admin.get(`/rastro/users/${id}/account-state`)).json()) as { state: string; trustEndsAt: string | null };
    expect(state.state).toBe('active');
    expect(Date.parse(state.trustEndsAt ?? '')).toBeGreaterThan(Date.now() + 2 * 24 * 60 * 60 * 1000);

    // Suspended again before paying: this suspension's trust is spent.
    await suspend();
    await page.context().clearCookies();
    const again = await logIn();
    await expect(again).toContainText('Entre em contato com o suporte ou pague a fatura em aberto.');
    await expect(again.getByRole('button', { name: 'Desbloquear em confiança' })).toHaveCount(0);
    await admin.dispose();
  });
});
