import type { RemoteName } from '@rastro/shared/core';
import { matchesPattern } from './pathPattern';

/**
 * Who may open a route (SPEC §2):
 * - `always`: even when the server cannot be reached (the maintenance page itself);
 * - `public`: anyone, while server info loads in the background;
 * - `session`: a signed-in user, else /login?to=…;
 * - `driver`: a signed-in user, else the driver login /motorista?to=….
 */
export type RouteAccess = 'always' | 'public' | 'session' | 'driver';

/** The remote area that fills a route's panel. */
export interface RoutePanel {
  remote: RemoteName;
  area: string;
  /** i18n key of the panel's title when no menu entry leads to the route (menu entries title their own screens). */
  titleKey?: string;
}

export interface RouteEntry {
  /** A react-router pattern; `/*` also takes the route's children (`/reports/trips`). */
  path: string;
  access: RouteAccess;
  panel?: RoutePanel;
}

/** The shared-link entry: it signs in as the link's own user. */
export const SHARE_ROUTE = '/share/:token';

const fleet = (area: string): RoutePanel => ({ remote: 'mf_fleet', area });

/**
 * Every route of SPEC §2, declared once: the guard reads access from here and the router builds
 * its routes from it. A panel area that its remote does not expose yet shows the remote's
 * retryable error in the panel, never a blank page.
 */
export const routeTable: readonly RouteEntry[] = [
  { path: '/maintenance', access: 'always' },
  { path: '/login', access: 'public' },
  { path: '/login/recover', access: 'public' },
  { path: '/login/recover/:token', access: 'public' },
  { path: '/register', access: 'public' },
  { path: '/motorista', access: 'public' },
  { path: SHARE_ROUTE, access: 'public' },
  { path: '/home', access: 'session' },
  { path: '/devices', access: 'session', panel: fleet('devices') },
  // The fleet's devices area shows the list and, at /devices/<id>, the detail.
  { path: '/devices/:deviceId', access: 'session', panel: fleet('devices') },
  { path: '/reports/*', access: 'session', panel: { remote: 'mf_reports', area: 'reports' } },
  { path: '/history', access: 'session', panel: { remote: 'mf_reports', area: 'history', titleKey: 'reports.kinds.route' } },
  { path: '/computed', access: 'session', panel: fleet('computed') },
  { path: '/autolink', access: 'session', panel: { ...fleet('autolink'), titleKey: 'shell.autolink' } },
  { path: '/autolink/:id', access: 'session', panel: { ...fleet('autolink'), titleKey: 'shell.autolink' } },
  { path: '/notifications', access: 'session', panel: fleet('notifications') },
  { path: '/geofence', access: 'session', panel: fleet('geofences') },
  { path: '/users', access: 'session', panel: fleet('users') },
  { path: '/groups', access: 'session', panel: fleet('groups') },
  { path: '/commands', access: 'session', panel: fleet('commands') },
  { path: '/invoices', access: 'session', panel: { remote: 'mf_billing', area: 'invoices' } },
  { path: '/server', access: 'session', panel: { remote: 'mf_admin', area: 'server' } },
  // User menu screens (SPEC §2 user menu); the menu table in layout/menuEntries.ts gates them.
  { path: '/account', access: 'session', panel: fleet('account') },
  { path: '/logs', access: 'session', panel: { remote: 'mf_admin', area: 'logs' } },
  { path: '/billing', access: 'session', panel: { remote: 'mf_billing', area: 'management' } },
  { path: '/theme', access: 'session', panel: { remote: 'mf_admin', area: 'theme' } },
  { path: '/resellers', access: 'session', panel: { remote: 'mf_admin', area: 'resellers' } },
  { path: '/drivers', access: 'session', panel: fleet('drivers') },
  { path: '/calendars', access: 'session', panel: fleet('calendars') },
  { path: '/maintenances', access: 'session', panel: fleet('maintenance') },
  { path: '/qr-driver', access: 'driver', panel: fleet('qrDriver') },
  { path: '/qr-driver/scan/:id', access: 'driver', panel: fleet('qrDriverScan') },
];

/** Where everyone goes from an unknown path, and where a session starts. */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const DRIVER_LOGIN_PATH = '/motorista';
export const DRIVER_HOME_PATH = '/qr-driver';
export const MAINTENANCE_PATH = '/maintenance';

/** The table entry for a path, or undefined for an unknown path. */
export function routeFor(pathname: string, table: readonly RouteEntry[] = routeTable): RouteEntry | undefined {
  return table.find((entry) => matchesPattern(entry.path, pathname));
}
