import { ChakraProvider } from '@chakra-ui/react';
import { i18n, initI18n, rastroSystem, useSessionStore } from '@rastro/shared';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { resumeSession } from '../session/session';
import { AppRoutes } from './AppRoutes';

jest.mock('../session/session', () => ({ resumeSession: jest.fn(), signIn: jest.fn(), signOut: jest.fn() }));
jest.mock('../layout/ShellLayout', () => ({ ShellLayout: () => <p>the shell</p> }));
const resumeSessionMock = resumeSession as jest.MockedFunction<typeof resumeSession>;

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <ChakraProvider value={rastroSystem}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  resumeSessionMock.mockReset();
  useSessionStore.setState({ status: 'unknown', user: null });
});

describe('route guard (SPEC §2)', () => {
  it('sends a visitor without a session to /login, remembering the path', async () => {
    resumeSessionMock.mockImplementation(async () => {
      useSessionStore.getState().signedOut();
      return false;
    });
    renderAt('/devices');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/login?to=%2Fdevices');
  });

  it('opens the route once the session is confirmed', async () => {
    resumeSessionMock.mockImplementation(async () => {
      useSessionStore.getState().signedIn({ id: 1, name: 'Ana', email: 'a@x', attributes: {} });
      return true;
    });
    renderAt('/devices');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/devices');
  });

  it('redirects unknown paths to /home', async () => {
    useSessionStore.setState({ status: 'authenticated', user: { id: 1, name: 'Ana', email: 'a@x', attributes: {} } });
    renderAt('/xyz');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/home$/);
    expect(resumeSessionMock).not.toHaveBeenCalled();
  });

  it('always allows the maintenance page', () => {
    renderAt('/maintenance');
    expect(screen.getByText('Servidor em manutenção')).toBeInTheDocument();
  });
});
