import { followBrowserHistory, useRouterBridge } from './bridge';

describe('router bridge', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    useRouterBridge.getState().locationChanged('/', '');
  });

  it('without a shell, navigating changes the address and the location remotes read', () => {
    useRouterBridge.getState().navigate('/devices/7?edit');
    expect(window.location.pathname).toBe('/devices/7');
    expect(useRouterBridge.getState()).toMatchObject({ pathname: '/devices/7', search: '?edit' });
  });

  it('a replacing navigation leaves no history entry behind', () => {
    const entries = window.history.length;
    useRouterBridge.getState().navigate('/devices', { replace: true });
    expect(window.history.length).toBe(entries);
    expect(useRouterBridge.getState().pathname).toBe('/devices');
  });

  it('once the shell connects, navigation is its router’s and the location comes from the shell', () => {
    const shellNavigate = jest.fn();
    const { connect, navigate: standaloneNavigate } = useRouterBridge.getState();
    connect(shellNavigate);
    useRouterBridge.getState().navigate('/reports', { replace: true });
    expect(shellNavigate).toHaveBeenCalledWith('/reports', { replace: true });
    expect(window.location.pathname).toBe('/');
    useRouterBridge.getState().locationChanged('/reports', '?from=map');
    expect(useRouterBridge.getState()).toMatchObject({ pathname: '/reports', search: '?from=map' });
    connect(standaloneNavigate);
  });

  it('a standalone remote follows the browser’s back and forward', () => {
    const stop = followBrowserHistory();
    window.history.pushState(null, '', '/devices/3');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(useRouterBridge.getState().pathname).toBe('/devices/3');
    stop();
    window.history.pushState(null, '', '/devices');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(useRouterBridge.getState().pathname).toBe('/devices/3');
  });
});
