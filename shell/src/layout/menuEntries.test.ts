import { advancedPermissionsHex } from '@rastro/shared';
import { menuEntries, visibleMenuEntries } from './menuEntries';
import type { MenuContext } from './menuEntries';

const advancedOn = { attributes: { 'rastro.enableAdvancedPerms': true } };
const billingOn = { 'rastro.enableBilling': 'true' };

function context(overrides: Partial<MenuContext> & { userAttributes?: Record<string, unknown>; admin?: boolean; userLimit?: number } = {}): MenuContext {
  const { userAttributes = {}, admin = false, userLimit = -1, ...rest } = overrides;
  return { user: { administrator: admin, attributes: userAttributes, userLimit }, server: advancedOn, paidEdition: true, ...rest };
}

const ids = (ctx: MenuContext | null, menu?: 'side' | 'user') => visibleMenuEntries(ctx, menu).map((entry) => entry.id);

describe('menu entries (SPEC §2)', () => {
  it('declares the six side-menu screens in order', () => {
    expect(menuEntries.filter((entry) => entry.menu === 'side').map((entry) => entry.path)).toEqual(['/devices', '/reports', '/geofence', '/commands', '/groups', '/notifications']);
  });

  it('shows a side entry only while its advanced permission bit is set', () => {
    const withGeofences = context({ userAttributes: { 'rastro.advancedPerms': advancedPermissionsHex([['devices', 'view'], ['geofences', 'view']]) } });
    expect(ids(withGeofences, 'side')).toEqual(['devices', 'geofence']);
    const cleared = context({ userAttributes: { 'rastro.advancedPerms': advancedPermissionsHex([['devices', 'view']]) } });
    expect(ids(cleared, 'side')).toEqual(['devices']);
  });

  it('gates users, computed attributes, notifications, drivers, calendars and maintenance each by its own bit', () => {
    const grants = [['users', 'view'], ['computedAttributes', 'view'], ['notifications', 'view'], ['drivers', 'view'], ['calendars', 'view'], ['maintenance', 'view']] as const;
    expect(ids(context({ userAttributes: { 'rastro.advancedPerms': advancedPermissionsHex(grants) } }), 'user')).toEqual([
      'account',
      'users',
      'computed',
      'userNotifications',
      'drivers',
      'calendars',
      'maintenance',
    ]);
    expect(ids(context({ userAttributes: { 'rastro.advancedPerms': advancedPermissionsHex([['drivers', 'view']]) } }), 'user')).toEqual(['account', 'drivers']);
  });

  it('offers users only to administrators and managers (user limit -1 or above 0), as SPEC §6 loads the list', () => {
    const perms = { 'rastro.advancedPerms': advancedPermissionsHex([['users', 'view']]) };
    expect(ids(context({ userAttributes: perms, userLimit: 0 }), 'user')).not.toContain('users');
    expect(ids(context({ userAttributes: perms, userLimit: 3 }), 'user')).toContain('users');
    expect(ids(context({ admin: true, userLimit: 0 }), 'user')).toContain('users');
  });

  it('keeps advanced logs and appearance to administrators of the paid edition', () => {
    expect(ids(context({ admin: true }), 'user')).toEqual(expect.arrayContaining(['logs', 'appearance', 'server']));
    expect(ids(context({ admin: true, paidEdition: false }), 'user')).not.toContain('logs');
    expect(ids(context({ admin: true, paidEdition: false }), 'user')).not.toContain('appearance');
    expect(ids(context(), 'user')).not.toContain('logs');
    expect(ids(context(), 'user')).not.toContain('server');
  });

  it('needs billing enabled for invoices, and admin or reseller + paid + billing for billing management', () => {
    const asReseller = { userAttributes: { 'rastro.reseller': true }, server: { attributes: billingOn } };
    expect(ids(context(asReseller), 'user')).toContain('billingAdmin');
    expect(ids(context({ ...asReseller, paidEdition: false }), 'user')).not.toContain('billingAdmin');
    expect(ids(context(), 'user')).not.toContain('invoices');
    expect(ids(context({ server: { attributes: { ...advancedOn.attributes, ...billingOn } } }), 'user')).toContain('invoices');
    expect(ids(context({ server: { attributes: { ...advancedOn.attributes, ...billingOn } } }), 'user')).not.toContain('billingAdmin');
    expect(ids(context({ admin: true, server: { attributes: billingOn } }), 'user')).toContain('billingAdmin');
    expect(ids(context({ admin: true, paidEdition: false, server: { attributes: billingOn } }), 'user')).not.toContain('billingAdmin');
    expect(ids(context({ admin: true }), 'user')).not.toContain('billingAdmin');
  });

  it('gives a shared-link user no menu at all, and nobody a menu before sign-in', () => {
    expect(ids(context({ admin: false, server: { attributes: {} }, userAttributes: { isShared: true } }))).toEqual([]);
    expect(ids(null)).toEqual([]);
  });

  it('shows every permission-gated entry when advanced permissions are off on the server', () => {
    expect(ids(context({ server: { attributes: {} } }), 'side')).toEqual(['devices', 'reports', 'geofence', 'commands', 'groups', 'notifications']);
  });

  it('hides reports from a user whose reports are disabled', () => {
    expect(ids({ ...context({ server: { attributes: {} } }), user: { administrator: false, attributes: {}, disableReports: true } }, 'side')).not.toContain('reports');
  });

  it('offers the reseller entry to administrators, and to resellers whose reseller bit is set', () => {
    expect(ids(context({ admin: true }), 'user')).toContain('reseller');
    expect(ids(context(), 'user')).not.toContain('reseller');
    const resellerWith = (grants: Parameters<typeof advancedPermissionsHex>[0]) =>
      context({ userAttributes: { 'rastro.reseller': true, 'rastro.advancedPerms': advancedPermissionsHex(grants) } });
    expect(ids(resellerWith([['reseller', 'view']]), 'user')).toEqual(expect.arrayContaining(['reseller', 'appearance']));
    expect(ids({ ...resellerWith([['reseller', 'view']]), paidEdition: false }, 'user')).not.toContain('appearance');
    expect(ids(resellerWith([['devices', 'view']]), 'user')).not.toContain('reseller');
    expect(ids(resellerWith([['devices', 'view']]), 'user')).not.toContain('appearance');
    // Advanced permissions off: every reseller passes the bit.
    expect(ids({ ...resellerWith([]), server: { attributes: {} } }, 'user')).toContain('reseller');
  });

  it('always ends the user menu with the server entry for administrators only', () => {
    const everything = ids(context({ admin: true, server: { attributes: { ...advancedOn.attributes, ...billingOn } } }), 'user');
    expect(everything).toEqual(['account', 'logs', 'billingAdmin', 'invoices', 'appearance', 'reseller', 'users', 'computed', 'userNotifications', 'drivers', 'calendars', 'maintenance', 'server']);
  });

  it('hides the entries whose remote this domain switched off, and keeps them while the manifest is unknown', () => {
    const admin = context({ admin: true });
    expect(ids(admin, 'user')).toContain('server');
    const noAdmin = context({ admin: true, remotes: new Set(['mf_map', 'mf_fleet', 'mf_reports', 'mf_billing'] as const) });
    expect(ids(noAdmin, 'user')).not.toContain('server');
    expect(ids(noAdmin, 'user')).not.toContain('appearance');
    expect(ids(noAdmin, 'user')).toContain('account');
    expect(ids(context({ remotes: new Set(['mf_map', 'mf_reports'] as const) }), 'side')).not.toContain('devices');
  });
});
