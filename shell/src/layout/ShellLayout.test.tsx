import { advancedPermissionsHex, bus, initI18n, useServerStore, useSessionStore } from '@rastro/shared';
import type { AppConfig, User } from '@rastro/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { useLiveStatusStore } from '../live/liveSocket';
import { useMuteStore } from '../live/mute';
import { useThemeStore } from '../theme/theme';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ShellLayout } from './ShellLayout';

jest.mock('../remotes/RemoteArea', () => ({ RemoteArea: ({ remote, area }: { remote: string; area: string }) => <p>{`${remote}/${area}`}</p> }));
jest.mock('../session/session', () => ({ signOut: jest.fn() }));

const admin: User = { id: 1, name: 'Ana', email: 'ana@x', administrator: true, attributes: {} };
const onlyDevices: User = { id: 2, name: 'Bia', email: 'bia@x', attributes: { 'rastro.advancedPerms': advancedPermissionsHex([['devices', 'view']]) } };
const shared: User = { id: 3, name: 'link', email: 'link@x', attributes: { isShared: true }, expirationTime: new Date(Date.now() + 86_400_000).toISOString() };
const advancedPermsOn = { id: 1, attributes: { 'rastro.enableAdvancedPerms': 'true' } };

function renderShell(user: User, path: string) {
  act(() => useSessionStore.getState().signedIn(user));
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<ShellLayout />} />
    </Routes>,
    { path },
  );
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  useServerStore.setState({ status: 'ready', server: advancedPermsOn, config: null });
  useLiveStatusStore.setState({ status: 'open' });
});

describe('shell layout (SPEC §2)', () => {
  it('opens the side menu with only the permitted screens and the version label', () => {
    renderShell(onlyDevices, '/home');
    fireEvent.click(screen.getByTestId('menu-button'));
    expect(screen.getByTestId('menu-devices')).toHaveTextContent('Dispositivos');
    expect(screen.queryByTestId('menu-geofence')).not.toBeInTheDocument();
    expect(screen.getByTestId('version-label')).toHaveTextContent('Versão 1.14.0');
    fireEvent.click(screen.getByTestId('menu-devices'));
    expect(screen.getByTestId('path')).toHaveTextContent('/devices');
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });

  it("shows the screen's remote area in the panel; back goes to the parent screen and close to /home", () => {
    renderShell(admin, '/devices/7');
    expect(screen.getByTestId('side-panel')).toHaveTextContent('mf_fleet/devices');
    expect(screen.getByRole('region', { name: 'Dispositivos' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('panel-back'));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/devices$/);
    fireEvent.click(screen.getByTestId('panel-back'));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/home$/);
    expect(screen.queryByTestId('side-panel')).not.toBeInTheDocument();
  });

  it('closes to /home, and minimises or expands the panel (expand=false starts it minimised)', () => {
    renderShell(admin, '/devices?expand=false');
    expect(screen.getByTestId('side-panel')).toHaveAttribute('data-expanded', 'false');
    fireEvent.click(screen.getByTestId('panel-toggle'));
    expect(screen.getByTestId('side-panel')).toHaveAttribute('data-expanded', 'true');
    fireEvent.click(screen.getByTestId('panel-close'));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/home$/);
  });

  it('sends a screen the user may not open back to the map', () => {
    renderShell(onlyDevices, '/geofence');
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/home$/);
    expect(screen.queryByTestId('side-panel')).not.toBeInTheDocument();
  });

  it('gives a shared-link user no menus, no panel and the map alone', () => {
    renderShell(shared, '/devices');
    expect(screen.queryByTestId('menu-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('side-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('map-area')).toHaveTextContent('mf_map/map');
    expect(screen.getByTestId('share-countdown')).toHaveTextContent('Expira em');
  });

  it('shows a loading bar until the server is ready, and the messaging link when configured', () => {
    useServerStore.setState({ status: 'loading', server: null, config: null });
    renderShell(admin, '/home');
    expect(screen.getByTestId('loading-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('messaging-link')).not.toBeInTheDocument();
    act(() => useServerStore.getState().loaded(advancedPermsOn, { messagingLink: 'https://wa.me/5511999999999' } as AppConfig));
    expect(screen.queryByTestId('loading-bar')).not.toBeInTheDocument();
    expect(screen.getByTestId('messaging-link')).toHaveAttribute('href', 'https://wa.me/5511999999999');
  });

  it('says when the live connection is lost, until it is back', () => {
    // The gateway itself still answers its health check: only the live socket is down.
    globalThis.fetch = jest.fn(() => Promise.resolve({ status: 200 } as Response));
    renderShell(admin, '/home');
    expect(screen.queryByTestId('live-offline')).not.toBeInTheDocument();
    act(() => useLiveStatusStore.setState({ status: 'closed' }));
    expect(screen.getByTestId('live-offline')).toHaveTextContent('reconectando');
    act(() => useLiveStatusStore.setState({ status: 'open' }));
    expect(screen.queryByTestId('live-offline')).not.toBeInTheDocument();
  });

  it('minimises the panel when a screen opens street view on the map, so the panel does not cover it on a phone', () => {
    renderShell(admin, '/devices');
    expect(screen.getByTestId('side-panel')).toHaveAttribute('data-expanded', 'true');
    act(() => void bus.emit('streetView:requested', { latitude: -23.5, longitude: -46.6 }));
    expect(screen.getByTestId('side-panel')).toHaveAttribute('data-expanded', 'false');
  });

  it('gives the panel way to finish, reset and cancel while a geofence is edited', () => {
    renderShell(admin, '/geofence');
    expect(screen.getByTestId('side-panel')).toBeInTheDocument();
    act(() => void bus.emit('geofence:editChanged', { type: 'line', step: 1, points: 0, radiusMetres: null, geofenceId: null, name: '' }));
    expect(screen.queryByTestId('side-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('geofence-edit-panel')).toBeInTheDocument();
    act(() => void bus.emit('geofence:editChanged', null));
    expect(screen.getByTestId('side-panel')).toBeInTheDocument();
  });

  it("shows the theme's logo at the server's rastro.logoWidth, else the application name, and a mute toggle that is remembered", () => {
    const before = useThemeStore.getState().theme;
    renderShell(admin, '/home');
    expect(screen.getByTestId('top-bar-logo')).toHaveTextContent('Rastro');
    act(() => {
      useServerStore.setState({ server: { id: 1, attributes: { 'rastro.logoWidth': '45' } } });
      useThemeStore.setState({
        theme: {
          appName: 'Frota Azul',
          colors: { primary: '#123456', secondary: '#0e9f6e', background: '#f9fafb', surface: '#ffffff', text: '#111827' },
          logoWidth: 80,
          login: { title: null, showRegisterLink: true, showSharedLinkAccess: true },
          images: { headLogo: '/rastro/assets/custom/images/headLogo?v=1', loginLogo: null, favicon: null, loginBackground: null },
        },
      });
    });
    const logo = screen.getByRole('img', { name: 'Frota Azul' });
    expect(logo).toHaveAttribute('src', '/rastro/assets/custom/images/headLogo?v=1');
    expect(logo).toHaveStyle({ width: '45%' });

    useMuteStore.getState().setMuted(false);
    fireEvent.click(screen.getByTestId('mute-toggle'));
    expect(screen.getByTestId('mute-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('isMuted')).toBe('true');
    act(() => useThemeStore.setState({ theme: before }));
  });
});
