import { create } from 'zustand';

/**
 * The shell owns the URL. Remotes read the current location and ask for navigation through this
 * bridge, so a remote never needs its own router and deep links keep working across remotes.
 */
export interface RouterBridgeState {
  pathname: string;
  search: string;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Called by the shell's router on every location change. */
  locationChanged(pathname: string, search: string): void;
  /** Called by the shell once, with its router's navigate function. */
  connect(navigate: (to: string, options?: { replace?: boolean }) => void): void;
}

export const useRouterBridge = create<RouterBridgeState>()((set, get) => {
  const followWindowLocation = () => get().locationChanged(window.location.pathname, window.location.search);
  return {
    pathname: typeof window === 'undefined' ? '/' : window.location.pathname,
    search: typeof window === 'undefined' ? '' : window.location.search,
    // Until a shell connects its router (a remote on its own dev server), plain history keeps the
    // URL right and the bridge follows it, so the remote's screens change with the address.
    navigate: (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      followWindowLocation();
    },
    locationChanged: (pathname, search) => set({ pathname, search }),
    connect: (navigate) => set({ navigate }),
  };
});

/**
 * Standalone remotes have no shell router to report back/forward: follow the browser's history
 * instead. Returns the unsubscribe function.
 */
export function followBrowserHistory(): () => void {
  const onPopState = () => useRouterBridge.getState().locationChanged(window.location.pathname, window.location.search);
  window.addEventListener('popstate', onPopState);
  return () => window.removeEventListener('popstate', onPopState);
}
