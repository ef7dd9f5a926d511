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

function historyNavigate(to: string, options?: { replace?: boolean }): void {
  // Standalone remotes have no shell router: plain history keeps the URL right.
  if (options?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
}

export const useRouterBridge = create<RouterBridgeState>()((set) => ({
  pathname: typeof window === 'undefined' ? '/' : window.location.pathname,
  search: typeof window === 'undefined' ? '' : window.location.search,
  navigate: historyNavigate,
  locationChanged: (pathname, search) => set({ pathname, search }),
  connect: (navigate) => set({ navigate }),
}));
