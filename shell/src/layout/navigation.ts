import { useLicenceStore, useServerStore, useSessionStore } from '@rastro/shared';
import type { RemoteName } from '@rastro/shared';
import { useEffect, useMemo } from 'react';
import { useRemotesStore } from '../remotes/remotesStore';
import { visibleMenuEntries } from './menuEntries';
import type { MenuContext, MenuEntry } from './menuEntries';
import { panelScreenFor } from './panelScreen';
import type { PanelScreen } from './panelScreen';

/** The gate context of the signed-in user, or null before the session is known. */
export function useMenuContext(): MenuContext | null {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const licence = useLicenceStore((state) => state.licence);
  const remotes = useRemotesStore((state) => (state.status === 'ready' ? state.entries : null));
  // The menu needs the manifest even before any remote area is opened.
  useEffect(() => {
    if (user) void useRemotesStore.getState().ensureLoaded();
  }, [user]);
  return useMemo(
    () =>
      user
        ? {
            user,
            server: server ?? { attributes: {} },
            paidEdition: (licence?.edition ?? 'paid') === 'paid',
            remotes: remotes ? new Set(Object.keys(remotes) as RemoteName[]) : undefined,
          }
        : null,
    [user, server, licence, remotes],
  );
}

/** The menu entries (side, user or both) the signed-in user may see. */
export function useVisibleMenuEntries(menu?: MenuEntry['menu']): MenuEntry[] {
  const context = useMenuContext();
  return useMemo(() => visibleMenuEntries(context, menu), [context, menu]);
}

/** The side panel's screen at this path for the signed-in user. */
export function usePanelScreen(pathname: string): PanelScreen | null {
  const context = useMenuContext();
  return useMemo(() => panelScreenFor(pathname, context), [pathname, context]);
}
