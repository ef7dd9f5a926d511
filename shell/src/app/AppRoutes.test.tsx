import { initI18n, useServerStore, useSessionStore } from '@rastro/shared/core';
import { act, screen } from '@testing-library/react';
import { routeTable } from '../routing/routeTable';
import { resumeSession } from '../session/session';
import { loadServerInfo } from '../session/serverInfo';
import { renderWithProviders } from '../testing/renderWithProviders';
import { AppRoutes, publicScreens } from './AppRoutes';

jest.mock('../session/session', () => ({ resumeSession: jest.fn(), signIn: jest.fn(), signInWithShare: jest.fn(), requestTrustUnlock: jest.fn(), signOut: jest.fn() }));
jest.mock('../session/serverInfo', () => ({ loadServerInfo: jest.fn() }));
jest.mock('../layout/ShellLayout', () => ({ ShellLayout: () => <p>the shell</p> }));
jest.mock('../driver/DriverLayout', () => ({ DriverLayout: () => <p>the driver screens</p> }));
const resumeSessionMock = resumeSession as jest.MockedFunction<typeof resumeSession>;
const loadServerInfoMock = loadServerInfo as jest.MockedFunction<typeof loadServerInfo>;
const ana = { id: 1, name: 'Ana', email: 'a@x', attributes: {} };

function renderAt(path: string) {
  return renderWithProviders(<AppRoutes />, { path });
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ status: 'unknown', user: null });
  useServerStore.setState({ status: 'ready', server: { id: 1, attributes: {} }, config: null });
});

describe('routes and guard (SPEC §2)', () => {
  it('has a screen for every public route of the table', () => {
    const publicPaths = routeTable.filter((route) => route.access === 'public' || route.access === 'always').map((route) => route.path);
    expect(Object.keys(publicScreens).sort()).toEqual(publicPaths.sort());
  });

  it('sends a visitor without a session to /login, remembering the path', async () => {
    resumeSessionMock.mockImplementation(async () => {
      useSessionStore.getState().signedOut();
      return false;
    });
    renderAt('/devices');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/login?to=%2Fdevices');
  });

  it('sends a driver route without a session to the driver login', async () => {
    useSessionStore.setState({ status: 'anonymous', user: null });
    renderAt('/qr-driver/scan/4');
    expect(await screen.findByRole('heading', { name: 'Acesso do motorista' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/motorista?to=%2Fqr-driver%2Fscan%2F4');
  });

  it('opens the route once the session is confirmed', async () => {
    resumeSessionMock.mockImplementation(async () => {
      useSessionStore.getState().signedIn(ana);
      return true;
    });
    renderAt('/devices');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/devices');
  });

  it('lets a signed-in user in while server info is still loading', async () => {
    useServerStore.setState({ status: 'loading', server: null });
    useSessionStore.setState({ status: 'authenticated', user: ana });
    renderAt('/devices');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(resumeSessionMock).not.toHaveBeenCalled();
  });

  it('shows public screens without checking the session', async () => {
    renderAt('/login/recover');
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' })).toBeInTheDocument();
    expect(resumeSessionMock).not.toHaveBeenCalled();
  });

  it('redirects unknown paths to /home', async () => {
    useSessionStore.setState({ status: 'authenticated', user: ana });
    renderAt('/xyz');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/home$/);
  });

  it('sends everyone to maintenance when the server cannot be loaded, and back when it answers', async () => {
    jest.useFakeTimers();
    useServerStore.setState({ status: 'failed', server: null });
    useSessionStore.setState({ status: 'anonymous', user: null });
    renderAt('/register');
    expect(await screen.findByText('Servidor em manutenção')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/maintenance$/);

    loadServerInfoMock.mockImplementation(async () => {
      useServerStore.setState({ status: 'ready', server: { id: 1, attributes: {} } });
      return true;
    });
    await act(async () => {
      jest.advanceTimersByTime(5_000);
    });
    jest.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/register$/);
  });

  it('always allows the maintenance page', async () => {
    renderAt('/maintenance');
    expect(await screen.findByText('Servidor em manutenção')).toBeInTheDocument();
  });
});
