import {
  advancedPermissionBits,
  advancedPermissionsHex,
  bitOf,
  formatAdvancedPermissions,
  isAllowed,
  isGrantAllowed,
  parseAdvancedPermissions,
  type PermissionArea,
  type PermissionSubject,
} from './advanced-permissions';

const ALL = 'ffffffffffffffffffffffffffffffff';
const NONE = '00000000000000000000000000000000';
/** Only bit 13 (devices.create): hex digit 3 holds bits 12–15, and bit 13 is its 4 (0100). */
const ONLY_DEVICE_CREATE = '00040000000000000000000000000000';

const paidServer = { attributes: { 'rastro.enableAdvancedPerms': true } };
const user = (advancedPerms?: string, extra: Record<string, unknown> = {}) => ({
  administrator: false,
  attributes: { ...(advancedPerms === undefined ? {} : { 'rastro.advancedPerms': advancedPerms }), ...extra },
});
const subject = (overrides: Partial<PermissionSubject> = {}): PermissionSubject => ({ user: user(NONE), server: paidServer, paidEdition: true, ...overrides });

/** Every area/action pair in the table. */
const everyGrant = Object.entries(advancedPermissionBits).flatMap(([area, actions]) => Object.keys(actions).map((action) => [area as PermissionArea, action] as const));

describe('advanced permission bits', () => {
  it('place each area at the documented base bit', () => {
    expect(bitOf('ownAccount', 'view')).toBe(0);
    expect(bitOf('devices', 'view')).toBe(8);
    expect(bitOf('users', 'delete')).toBe(19);
    expect(bitOf('geofences', 'create')).toBe(41);
    expect(bitOf('computedAttributes', 'edit')).toBe(66);
    expect(bitOf('reports', 'trips')).toBe(75);
    expect(bitOf('maintenance', 'view')).toBe(96);
    expect(bitOf('reseller', 'subReseller')).toBe(105);
  });

  it('give devices their own actions: anchor 9 … delete 15', () => {
    expect(advancedPermissionBits.devices).toEqual({ view: 8, anchor: 9, lock: 10, unlock: 11, command: 12, create: 13, edit: 14, delete: 15 });
  });

  it('never give two actions the same bit', () => {
    const bits = everyGrant.map(([area, action]) => bitOf(area, action as never));
    expect(new Set(bits).size).toBe(bits.length);
  });

  it('read each group of 8 hex characters as 32 bits, most significant first', () => {
    // 0x80000000 in the second group is its first bit: position 32 (notifications.view).
    const bits = parseAdvancedPermissions('00000000' + '80000000' + '0'.repeat(16));
    expect(bits.flatMap((on, k) => (on ? [k] : []))).toEqual([32]);
    // 0x00000001 in the first group is its last bit: position 31.
    expect(parseAdvancedPermissions('00000001' + '0'.repeat(24))[31]).toBe(true);
  });

  it('treat a missing, short or non-hex value as nothing allowed', () => {
    for (const bad of [undefined, null, '', 'fff', 'g'.repeat(32), ALL + '0', 42]) {
      expect(parseAdvancedPermissions(bad).some(Boolean)).toBe(false);
      expect(parseAdvancedPermissions(bad)).toHaveLength(128);
    }
  });

  it('write back what it read', () => {
    const hex = '0123456789abcdef00ff00ff12345678';
    expect(formatAdvancedPermissions(parseAdvancedPermissions(hex))).toBe(hex);
    expect(advancedPermissionsHex([['devices', 'create']])).toBe(ONLY_DEVICE_CREATE);
  });
});

describe('isAllowed (SPEC §6)', () => {
  it('"ffff…" allows every action of every area', () => {
    for (const [area, action] of everyGrant) expect(isAllowed(subject({ user: user(ALL) }), area, action as never)).toBe(true);
  });

  it('a value with only bit 13 set allows creating devices and nothing else', () => {
    const allowed = everyGrant.filter(([area, action]) => isAllowed(subject({ user: user(ONLY_DEVICE_CREATE) }), area, action as never));
    expect(allowed).toEqual([['devices', 'create']]);
  });

  it('a user without the attribute may do nothing once advanced permissions are on', () => {
    expect(isAllowed(subject({ user: user() }), 'geofences', 'view')).toBe(false);
  });

  it('administrators always pass, whatever their bits', () => {
    expect(isAllowed(subject({ user: { administrator: true, attributes: {} } }), 'users', 'delete')).toBe(true);
  });

  it('the free edition lets everything pass', () => {
    expect(isAllowed(subject({ user: user(NONE), paidEdition: false }), 'devices', 'delete')).toBe(true);
  });

  it('with advanced permissions off on the server, everyone but a shared user passes', () => {
    const off = { attributes: {} };
    expect(isAllowed(subject({ user: user(NONE), server: off }), 'devices', 'delete')).toBe(true);
    expect(isAllowed(subject({ user: user(ALL, { isShared: true }), server: off }), 'devices', 'view')).toBe(false);
  });

  it('answers the same for a grant held as one value', () => {
    expect(isGrantAllowed(subject({ user: user(ONLY_DEVICE_CREATE) }), ['devices', 'create'])).toBe(true);
    expect(isGrantAllowed(subject({ user: user(ONLY_DEVICE_CREATE) }), ['devices', 'edit'])).toBe(false);
  });

  it('reads the server switch whether Traccar kept it as a boolean or a string', () => {
    expect(isAllowed(subject({ user: user(NONE), server: { attributes: { 'rastro.enableAdvancedPerms': 'true' } } }), 'devices', 'view')).toBe(false);
  });
});
