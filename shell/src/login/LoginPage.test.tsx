import { ApiError, i18n, initI18n, useServerStore, useSessionStore } from '@rastro/shared/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { requestTrustUnlock, signIn, signInWithShare } from '../session/session';
import { useThemeStore } from '../theme/theme';
import { LoginRoute } from '../app/LoginRoute';

jest.mock('../session/session', () => ({ signIn: jest.fn(), signInWithShare: jest.fn(), requestTrustUnlock: jest.fn(), signOut: jest.fn() }));
const signInMock = signIn as jest.MockedFunction<typeof signIn>;
const shareMock = signInWithShare as jest.MockedFunction<typeof signInWithShare>;
const trustMock = requestTrustUnlock as jest.MockedFunction<typeof requestTrustUnlock>;

function Landed() {
  const { pathname } = useLocation();
  return <p>landed on {pathname}</p>;
}

function renderAt(path = '/login') {
  return render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/motorista" element={<LoginRoute mode="driver" />} />
            <Route path="/share/:token" element={<LoginRoute mode="share" />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    ,
  );
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Usuário ou e-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

const TRUST_OFFERED = JSON.stringify({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true } });

/** A suspended login that offers the trust unlock, then a click on it that the gateway refuses with `code`. */
async function unlockRefusedWith(status: number, code: string) {
  trustMock.mockRejectedValue(new ApiError(status, code, JSON.stringify({ code, message: code })));
  renderAt();
  fill('ana', 'secret');
  submit();
  const unlock = await screen.findByRole('button', { name: 'Desbloquear em confiança' });
  await act(async () => unlock.click());
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ status: 'anonymous', user: null, ended: false });
  useServerStore.setState({ status: 'ready', server: { id: 1, registration: false, attributes: {} }, config: null });
});

describe('LoginPage', () => {
  it('tells a user whose session ended by itself (a server restart) to sign in again, until they try', async () => {
    useSessionStore.setState({ ended: true });
    renderAt('/login?to=%2Fhome');
    expect(screen.getByTestId('session-ended')).toHaveTextContent('Sua sessão terminou (o servidor reiniciou ou a sessão expirou). Entre novamente.');
    submit();
    expect(await screen.findByText(/preencha/i)).toBeInTheDocument();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('says nothing of an ended session on an ordinary visit', () => {
    renderAt();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('asks for every field before calling the server (FILL_ALL_FIELDS)', async () => {
    renderAt();
    fill('admin', '');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha todos os campos.');
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('explains a refused login in the user language', async () => {
    signInMock.mockRejectedValue(new ApiError(401, 'HTTP_401_UNAUTHORIZED', 'HTTP 401 Unauthorized'));
    renderAt();
    fill('admin', 'wrong');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Combinação de usuário e senha inválida.');
  });

  it('signs in with remember-me when ticked and lands where the user was going', async () => {
    signInMock.mockResolvedValue();
    renderAt('/login?to=%2Fdevices');
    fill('admin', 'admin');
    const remember = screen.getByRole('checkbox', { name: 'Lembrar de mim' });
    await act(async () => remember.click());
    expect(remember).toBeChecked();
    submit();
    expect(await screen.findByText('landed on /devices')).toBeInTheDocument();
    expect(signInMock).toHaveBeenCalledWith('admin', 'admin', { remember: true });
  });

  it('lands a driver on /qr-driver', async () => {
    signInMock.mockResolvedValue();
    renderAt('/motorista');
    fill('motorista', '1234');
    submit();
    expect(await screen.findByText('landed on /qr-driver')).toBeInTheDocument();
  });

  it('offers registration only when the server allows it', () => {
    const { unmount } = renderAt();
    expect(screen.queryByRole('link', { name: 'Criar uma conta' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/login/recover');
    unmount();
    useServerStore.setState({ status: 'ready', server: { id: 1, registration: true, attributes: {} }, config: null });
    renderAt();
    expect(screen.getByRole('link', { name: 'Criar uma conta' })).toHaveAttribute('href', '/register');
  });

  it('shows a suspended account its open invoices and a trust unlock, which says so when unavailable', async () => {
    const body = JSON.stringify({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true, invoices: [{ id: 3, value: 89.9, dueDate: '2026-01-10' }] } });
    signInMock.mockRejectedValue(new ApiError(403, 'X', body));
    trustMock.mockRejectedValue(new ApiError(404, 'HTTP_404', '{"error":"Not Found"}'));
    renderAt();
    fill('ana', 'secret');
    submit();
    const notice = await screen.findByTestId('suspended-notice');
    expect(notice).toHaveTextContent('Você pode desbloqueá-la em confiança');
    expect(notice).toHaveTextContent(/R\$\s89,90 — vencimento 10\/01\/2026/);
    await act(async () => screen.getByRole('button', { name: 'Desbloquear em confiança' }).click());
    expect(trustMock).toHaveBeenCalledWith('ana', 'secret', { remember: false });
    expect(await screen.findByText(/O desbloqueio em confiança não está disponível agora/)).toBeInTheDocument();
  });

  it("the gateway's 401 suspension offers the trust unlock; unlocking signs in (with remember-me as ticked) and lands where the user was going", async () => {
    const body = JSON.stringify({ error: { code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: true, invoices: [] } });
    signInMock.mockRejectedValueOnce(new ApiError(401, 'HTTP_401_UNAUTHORIZED', body));
    trustMock.mockResolvedValue();
    renderAt('/login?to=%2Fdevices');
    fill('ana', 'secret');
    await act(async () => screen.getByRole('checkbox', { name: 'Lembrar de mim' }).click());
    submit();
    expect(await screen.findByTestId('suspended-notice')).toHaveTextContent('Você pode desbloqueá-la em confiança');
    await act(async () => screen.getByRole('button', { name: 'Desbloquear em confiança' }).click());
    expect(trustMock).toHaveBeenCalledWith('ana', 'secret', { remember: true });
    expect(await screen.findByText('landed on /devices')).toBeInTheDocument();
    // The unlock's answer is the session: no second login.
    expect(signInMock).toHaveBeenCalledTimes(1);
  });

  it('a trust unlock already used says so, stops offering it, and stays on the login screen', async () => {
    signInMock.mockRejectedValue(new ApiError(401, 'X', TRUST_OFFERED));
    await unlockRefusedWith(409, 'TRUST_UNLOCK_ALREADY_USED');
    expect(await screen.findByText('O desbloqueio em confiança já foi usado.')).toBeInTheDocument();
    expect(screen.getByTestId('suspended-notice')).toHaveTextContent('Conta suspensa por falta de pagamento. Entre em contato');
    expect(screen.queryByRole('button', { name: 'Desbloquear em confiança' })).not.toBeInTheDocument();
    expect(signInMock).toHaveBeenCalledTimes(1);
  });

  it('too many unlock attempts are explained, and the unlock stays offered for later', async () => {
    signInMock.mockRejectedValue(new ApiError(401, 'X', TRUST_OFFERED));
    await unlockRefusedWith(429, 'TOO_MANY_REQUESTS');
    expect(await screen.findByText('Muitas tentativas. Aguarde alguns minutos e tente de novo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desbloquear em confiança' })).toBeInTheDocument();
  });

  it('an account reactivated meanwhile is simply signed in', async () => {
    signInMock.mockRejectedValueOnce(new ApiError(401, 'X', TRUST_OFFERED)).mockResolvedValueOnce();
    await unlockRefusedWith(409, 'ACCOUNT_NOT_SUSPENDED');
    expect(await screen.findByText('landed on /home')).toBeInTheDocument();
    expect(signInMock).toHaveBeenCalledTimes(2);
  });

  it('does not offer a trust unlock when the answer does not', async () => {
    signInMock.mockRejectedValue(new ApiError(403, 'X', 'Account is suspended - pay the open invoice'));
    renderAt();
    fill('ana', 'secret');
    submit();
    expect(await screen.findByTestId('suspended-notice')).toHaveTextContent('Conta suspensa por falta de pagamento. Entre em contato');
    expect(screen.queryByRole('button', { name: 'Desbloquear em confiança' })).not.toBeInTheDocument();
  });

  it("hides the register link and the shared-link access when the domain's theme says so", () => {
    useServerStore.setState({ status: 'ready', server: { id: 1, registration: true, attributes: {} }, config: null });
    const before = useThemeStore.getState().theme;
    useThemeStore.setState({
      theme: {
        appName: 'Frota Azul',
        colors: { primary: '#123456', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' },
        logoWidth: 80,
        login: { title: 'Entre na Frota Azul', showRegisterLink: false, showSharedLinkAccess: false },
        images: { headLogo: null, loginLogo: null, favicon: null, loginBackground: null },
      },
    });
    renderAt();
    expect(screen.getByTestId('app-name')).toHaveTextContent('Entre na Frota Azul');
    expect(screen.queryByRole('link', { name: 'Criar uma conta' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-access')).not.toBeInTheDocument();
    useThemeStore.setState({ theme: before });
  });

  it('opens a pasted share link, and asks for one when empty', async () => {
    renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha todos os campos.');
    shareMock.mockReturnValue(new Promise(() => undefined));
    fireEvent.change(screen.getByLabelText('Link ou código compartilhado'), { target: { value: 'https://x.example/share/Tok-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir link' }));
    expect(await screen.findByText('Abrindo o mapa compartilhado…')).toBeInTheDocument();
    expect(shareMock).toHaveBeenCalledWith('Tok-1');
  });

  it('tells a visitor with an expired share link so, on the login screen', async () => {
    shareMock.mockRejectedValue(new ApiError(403, 'INVALID_SHARE', JSON.stringify({ code: 'INVALID_SHARE' })));
    renderAt('/share/old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link compartilhado expirado.');
    expect(screen.getByLabelText('Usuário ou e-mail')).toBeInTheDocument();
  });

  it('goes home once a share link signs in', async () => {
    shareMock.mockResolvedValue();
    renderAt('/share/good');
    expect(await screen.findByText('landed on /home')).toBeInTheDocument();
  });
});
