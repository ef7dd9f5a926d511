import { useLicenceStore, useServerStore, useSessionStore } from '@rastro/shared';
import type { RemoteName } from '@rastro/shared';
import { useMemo } from 'react';
import { menuEntries, visibleMenuEntries } from './menuEntries';
import type { MenuContext, MenuEntry } from './menuEntries';

/** A screen of the side panel: which remote area fills it (the entries of the menu table). */
export interface PanelRoute {
  path: string;
  remote: RemoteName;
  area: string;
  /** i18n key of its title and menu entry. */
  titleKey: string;
  menu: MenuEntry['menu'];
}

function toPanelRoute(entry: MenuEntry): PanelRoute {
  return { path: entry.path, remote: entry.panel.remote, area: entry.panel.area, titleKey: entry.titleKey, menu: entry.menu };
}

/** The gate context of the signed-in user, or null before the session and server info are known. */
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

/** The panel screens the signed-in user may open: one per path of the menu table that the gates allow. */
export function useAllowedPanelRoutes(): PanelRoute[] {
  const entries = useVisibleMenuEntries();
  return useMemo(() => {
    const seen = new Set<string>();
    return entries.filter((entry) => !seen.has(entry.path) && seen.add(entry.path)).map(toPanelRoute);
  }, [entries]);
}

/** Every path the menu table can open (the router needs them as session routes). */
export const menuPaths: readonly string[] = [...new Set(menuEntries.map((entry) => entry.path))];
