import { ChakraProvider } from '@chakra-ui/react';
import { ApiError, i18n, initI18n, rastroSystem } from '@rastro/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signIn } from '../session/session';
import { LoginPage, safeReturnPath } from './LoginPage';

jest.mock('../session/session', () => ({ signIn: jest.fn() }));
const signInMock = signIn as jest.MockedFunction<typeof signIn>;

function renderLogin(path = '/login') {
  return render(
    <ChakraProvider value={rastroSystem}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<p>landed</p>} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Usuário ou e-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => signInMock.mockReset());

describe('LoginPage', () => {
  it('asks for every field before calling the server (FILL_ALL_FIELDS)', async () => {
    renderLogin();
    fill('admin', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha todos os campos.');
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('explains a refused login in the user language', async () => {
    signInMock.mockRejectedValue(new ApiError(401, 'HTTP_401_UNAUTHORIZED', ''));
    renderLogin();
    fill('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Combinação de usuário e senha inválida.');
  });

  it('lands on the page the user was going to', async () => {
    signInMock.mockResolvedValue();
    renderLogin('/login?to=%2Fdevices');
    fill('admin', 'admin');
    expect(await screen.findByText('landed')).toBeInTheDocument();
    expect(signInMock).toHaveBeenCalledWith('admin', 'admin');
  });
});

describe('safeReturnPath', () => {
  it('follows only same-site paths', () => {
    expect(safeReturnPath('/devices/3')).toBe('/devices/3');
    expect(safeReturnPath('//evil.example')).toBe('/home');
    expect(safeReturnPath('https://evil.example')).toBe('/home');
    expect(safeReturnPath('/login')).toBe('/home');
    expect(safeReturnPath(null)).toBe('/home');
  });
});
