import { attributeFlag, canListUsers, isAllowed, rastroAttributeKeys } from '@rastro/shared';
import type { PermissionArea, RemoteName, Server, User } from '@rastro/shared';
import { routeFor } from '../routing/routeTable';

/** What a menu entry's gate looks at (SPEC §2 user menu, §6 permissions). */
export interface MenuContext {
  user: Pick<User, 'administrator' | 'attributes'> & Partial<Pick<User, 'disableReports' | 'userLimit'>>;
  server: Pick<Server, 'attributes'>;
  /** `X-Rastro-Edition: paid` on GET /api/server. */
  paidEdition: boolean;
  /** The remotes this domain switches on (`GET /rastro/remotes`); absent until the manifest is known. */
  remotes?: ReadonlySet<RemoteName>;
}

export interface MenuEntry {
  id: string;
  /** The side menu (SPEC §2 side menu) or the user menu (SPEC §2 user menu). */
  menu: 'side' | 'user';
  /** i18n key of the label. */
  titleKey: string;
  /** The screen it opens; the route table (routing/routeTable.ts) says which remote area fills its panel. */
  path: string;
  gate(context: MenuContext): boolean;
}

const admin = ({ user }: MenuContext) => Boolean(user.administrator);
const paid = ({ paidEdition }: MenuContext) => paidEdition;
const billingEnabled = ({ server }: MenuContext) => attributeFlag(server.attributes, rastroAttributeKeys.enableBilling);
const always = () => true;
const reseller = ({ user }: MenuContext) => attributeFlag(user.attributes, rastroAttributeKeys.reseller);
/** The area's view bit, read by isAllowed (admin, free edition and advanced-permissions-off rules included). */
const permitted =
  (area: PermissionArea) =>
  ({ user, server, paidEdition }: MenuContext) =>
    isAllowed({ user, server, paidEdition }, area, 'view');
const all =
  (...gates: Array<(context: MenuContext) => boolean>) =>
  (context: MenuContext) =>
    gates.every((gate) => gate(context));
const domainReseller = all(reseller, permitted('reseller'));

/**
 * Every menu entry of SPEC §2 with its gate, in display order. Logout (always shown) and the
 * language choice are not screens: the user menu adds them itself.
 */
export const menuEntries: readonly MenuEntry[] = [
  { id: 'devices', menu: 'side', titleKey: 'shell.nav.devices', path: '/devices', gate: permitted('devices') },
  { id: 'reports', menu: 'side', titleKey: 'shell.nav.reports', path: '/reports', gate: all(permitted('reports'), ({ user }) => !user.disableReports) },
  { id: 'geofence', menu: 'side', titleKey: 'shell.nav.geofence', path: '/geofence', gate: permitted('geofences') },
  { id: 'commands', menu: 'side', titleKey: 'shell.nav.commands', path: '/commands', gate: permitted('commands') },
  { id: 'groups', menu: 'side', titleKey: 'shell.nav.groups', path: '/groups', gate: permitted('groups') },
  { id: 'notifications', menu: 'side', titleKey: 'shell.nav.notifications', path: '/notifications', gate: permitted('notifications') },

  { id: 'account', menu: 'user', titleKey: 'shell.userMenu.account', path: '/account', gate: always },
  { id: 'logs', menu: 'user', titleKey: 'shell.userMenu.logs', path: '/logs', gate: all(admin, paid) },
  // Resellers manage their own customers' invoices and their own payment integration (the gateway's billing and integrations routes).
  { id: 'billingAdmin', menu: 'user', titleKey: 'shell.userMenu.billingAdmin', path: '/billing', gate: all((context) => admin(context) || reseller(context), paid, billingEnabled) },
  { id: 'invoices', menu: 'user', titleKey: 'billing.title', path: '/invoices', gate: billingEnabled },
  // Themes are paid (SPEC §1); besides administrators, the gateway lets a reseller theme its own domain (issue 20).
  { id: 'appearance', menu: 'user', titleKey: 'shell.userMenu.appearance', path: '/theme', gate: all(paid, (context) => admin(context) || domainReseller(context)) },
  // SPEC §2 lists the reseller entry without a gate; the gateway lets administrators and resellers
  // (rastro.reseller) whose advanced permissions keep the reseller bit (104) manage domains, so the entry does too.
  { id: 'reseller', menu: 'user', titleKey: 'shell.userMenu.reseller', path: '/resellers', gate: (context) => admin(context) || domainReseller(context) },
  // SPEC §6: the users list is only for administrators and managers (user limit -1 or above 0).
  { id: 'users', menu: 'user', titleKey: 'shell.userMenu.users', path: '/users', gate: all(permitted('users'), ({ user }) => canListUsers(user)) },
  { id: 'computed', menu: 'user', titleKey: 'shell.userMenu.computed', path: '/computed', gate: permitted('computedAttributes') },
  { id: 'userNotifications', menu: 'user', titleKey: 'shell.nav.notifications', path: '/notifications', gate: permitted('notifications') },
  { id: 'drivers', menu: 'user', titleKey: 'shell.userMenu.drivers', path: '/drivers', gate: permitted('drivers') },
  { id: 'calendars', menu: 'user', titleKey: 'shell.userMenu.calendars', path: '/calendars', gate: permitted('calendars') },
  { id: 'maintenance', menu: 'user', titleKey: 'shell.userMenu.maintenance', path: '/maintenances', gate: permitted('maintenance') },
  { id: 'server', menu: 'user', titleKey: 'shell.server', path: '/server', gate: admin },
];

/** Whether the remote that fills an entry's screen is switched on for this domain (a reseller may switch remotes off). */
function remoteOn(entry: MenuEntry, remotes: ReadonlySet<RemoteName> | undefined): boolean {
  const remote = routeFor(entry.path)?.panel?.remote;
  return !remote || !remotes || remotes.has(remote);
}

/** The entries a context may see, in table order (shared users see none: SPEC §6). */
export function visibleMenuEntries(context: MenuContext | null, menu?: MenuEntry['menu']): MenuEntry[] {
  if (!context || attributeFlag(context.user.attributes, rastroAttributeKeys.isShared)) return [];
  return menuEntries.filter((entry) => (menu === undefined || entry.menu === menu) && entry.gate(context) && remoteOn(entry, context.remotes));
}
