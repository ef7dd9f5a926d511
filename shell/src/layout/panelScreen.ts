import { routeFor } from '../routing/routeTable';
import type { RoutePanel } from '../routing/routeTable';
import { menuEntries, visibleMenuEntries } from './menuEntries';
import type { MenuContext, MenuEntry } from './menuEntries';

/** What the side panel shows at a path. */
export interface PanelScreen {
  panel: RoutePanel;
  /** i18n key of the panel's title. */
  titleKey: string;
  /** False when every menu entry leading here is hidden from this user: the screen is not theirs to open. */
  permitted: boolean;
}

/** The menu entries whose screen is this path or one of its parents (`/devices` for `/devices/7`). */
function entriesLeadingTo(pathname: string): MenuEntry[] {
  return menuEntries.filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));
}

/**
 * The panel of a path: the route table says which remote area fills it, the menu table's gates say
 * whether this user may open it (a screen no menu entry leads to is open to every signed-in user).
 * Null where the map shows alone (/home, unknown paths).
 */
export function panelScreenFor(pathname: string, context: MenuContext | null): PanelScreen | null {
  const panel = routeFor(pathname)?.panel;
  if (!panel) return null;
  const leading = entriesLeadingTo(pathname);
  const visible = new Set(visibleMenuEntries(context));
  return {
    panel,
    titleKey: leading[0]?.titleKey ?? panel.titleKey ?? 'app.name',
    permitted: leading.length === 0 || leading.some((entry) => visible.has(entry)),
  };
}
