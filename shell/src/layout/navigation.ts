import { useLicenceStore, useServerStore, useSessionStore } from '@rastro/shared';
import { useMemo } from 'react';
import { visibleMenuEntries } from './menuEntries';
import type { MenuContext, MenuEntry } from './menuEntries';
import { panelScreenFor } from './panelScreen';
import type { PanelScreen } from './panelScreen';

/** The gate context of the signed-in user, or null before the session is known. */
export function useMenuContext(): MenuContext | null {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const licence = useLicenceStore((state) => state.licence);
  return useMemo(() => (user ? { user, server: server ?? { attributes: {} }, paidEdition: (licence?.edition ?? 'paid') === 'paid' } : null), [user, server, licence]);
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
