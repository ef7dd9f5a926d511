import { advancedPermissionsHex, isAllowed, parseAdvancedPermissions } from '@rastro/shared';
import { gridActions, isGranted, permissionGridRows, presetHex, withGrant } from './permissionGrid';

const row = (area: string) => permissionGridRows.find((candidate) => candidate.area === area)!;
const subject = (hex: string) => ({ user: { administrator: false, attributes: { 'rastro.advancedPerms': hex } }, server: { attributes: { 'rastro.enableAdvancedPerms': true } }, paidEdition: true });
const NONE = '0'.repeat(32);

describe('advanced permissions grid', () => {
  it('has a row per area of the shared layout, with only the actions each area has', () => {
    expect(permissionGridRows.map((candidate) => candidate.area)).toEqual(['ownAccount', 'devices', 'users', 'shares', 'notifications', 'geofences', 'groups', 'commands', 'computedAttributes', 'reports', 'drivers', 'calendars', 'maintenance', 'reseller']);
    expect(Object.keys(row('devices').bits)).toEqual(['view', 'anchor', 'lock', 'unlock', 'command', 'create', 'edit', 'delete']);
    expect(Object.keys(row('reports').bits)).toEqual(['view', 'history', 'stops', 'trips', 'events']);
    expect(Object.keys(row('reseller').bits)).toEqual(['view', 'subReseller']);
    expect(gridActions.every((action) => permissionGridRows.some((candidate) => candidate.bits[action] !== undefined))).toBe(true);
  });

  it('a ticked cell is the bit the gateway reads (grid to hex to isAllowed), and back', () => {
    let hex = withGrant(NONE, row('devices'), 'lock', true);
    hex = withGrant(hex, row('reports'), 'trips', true);
    expect(hex).toBe(advancedPermissionsHex([['devices', 'lock'], ['reports', 'trips']]));
    expect(isAllowed(subject(hex), 'devices', 'lock')).toBe(true);
    expect(isAllowed(subject(hex), 'devices', 'unlock')).toBe(false);
    expect(isGranted(hex, row('reports'), 'trips')).toBe(true);
    expect(isGranted(hex, row('reports'), 'stops')).toBe(false);
    expect(withGrant(hex, row('devices'), 'lock', false)).toBe(advancedPermissionsHex([['reports', 'trips']]));
  });

  it('keeps bits outside the table and reads a missing or malformed value as nothing allowed', () => {
    const stray = `${'0'.repeat(31)}1`;
    expect(parseAdvancedPermissions(withGrant(stray, row('users'), 'view', true))[127]).toBe(true);
    expect(withGrant('', row('users'), 'view', true)).toBe(advancedPermissionsHex([['users', 'view']]));
    expect(isGranted('not hex', row('users'), 'view')).toBe(false);
  });

  it('presets: read-only views and reports, operator adds the device actions, full is everything but the reseller', () => {
    const readOnly = subject(presetHex('readOnly'));
    expect(isAllowed(readOnly, 'devices', 'view') && isAllowed(readOnly, 'reports', 'events')).toBe(true);
    expect(isAllowed(readOnly, 'devices', 'lock') || isAllowed(readOnly, 'groups', 'create') || isAllowed(readOnly, 'reseller', 'view')).toBe(false);
    const operator = subject(presetHex('operator'));
    expect(isAllowed(operator, 'devices', 'lock') && isAllowed(operator, 'devices', 'command') && isAllowed(operator, 'shares', 'create')).toBe(true);
    expect(isAllowed(operator, 'devices', 'delete') || isAllowed(operator, 'users', 'create')).toBe(false);
    const full = subject(presetHex('full'));
    expect(isAllowed(full, 'users', 'delete') && isAllowed(full, 'maintenance', 'edit') && isAllowed(full, 'devices', 'anchor')).toBe(true);
    expect(isAllowed(full, 'reseller', 'view') || isAllowed(full, 'reseller', 'subReseller')).toBe(false);
  });
});
