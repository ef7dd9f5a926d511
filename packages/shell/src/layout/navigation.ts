import { useServerStore, useSessionStore } from '@rastro/shared';
import type { RemoteName, Server, User } from '@rastro/shared';
import { useMemo } from 'react';

/** A screen of the side panel: which remote area fills it, and who may open it. */
export interface PanelRoute {
  path: string;
  remote: RemoteName;
  area: string;
  /** i18n key of its title and menu entry. */
  titleKey: string;
  /** Where it is offered: the side menu, the user menu, or only by address. */
  menu: 'side' | 'user';
  /** SPEC §2 gating; the gateway enforces the same rules on every call behind the screen. */
  allowed(user: User, server: Server | null): boolean;
}

const everyone = () => true;

/** The panel screens this build knows. Later issues add the other menu entries of SPEC §2 here. */
export const panelRoutes: PanelRoute[] = [
  { path: '/devices', remote: 'mf_fleet', area: 'devices', titleKey: 'shell.nav.devices', menu: 'side', allowed: everyone },
  { path: '/reports', remote: 'mf_reports', area: 'reports', titleKey: 'shell.nav.reports', menu: 'side', allowed: (user) => !user.disableReports },
  { path: '/invoices', remote: 'mf_billing', area: 'invoices', titleKey: 'billing.title', menu: 'user', allowed: (_user, server) => server?.attributes['rastro.enableBilling'] === true },
  { path: '/server', remote: 'mf_admin', area: 'server', titleKey: 'shell.server', menu: 'user', allowed: (user) => Boolean(user.administrator) },
];

/** The panel screens the signed-in user may open, given the server's settings. */
export function useAllowedPanelRoutes(): PanelRoute[] {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  return useMemo(() => (user ? panelRoutes.filter((route) => route.allowed(user, server)) : []), [user, server]);
}
