import { advancedPermissionsHex } from '@rastro/shared';
import type { Server, User } from '@rastro/shared';
import { deviceLimitReached, deviceLimitReason, fleetAccess } from './fleetAccess';

const user = (extra: Partial<User> = {}): User => ({ id: 2, name: 'Ana', email: 'ana@x', attributes: {}, ...extra });
const server = (extra: Partial<Server> = {}): Server => ({ id: 1, attributes: {}, ...extra });
const paid = { edition: 'paid' as const, remainingDevices: -1 };

describe('fleet access', () => {
  it('lets an ordinary user do everything while advanced permissions are off', () => {
    const access = fleetAccess({ user: user(), server: server(), licence: paid });
    expect(access.canWrite('devices', 'create')).toBe(true);
    expect(access.devices).toMatchObject({ anchor: true, lock: true, command: true, share: true });
  });

  it('hides writes from read-only and device-read-only accounts, and everything from shared users', () => {
    expect(fleetAccess({ user: user({ readonly: true }), server: server(), licence: paid }).devices.lock).toBe(false);
    const deviceReadonly = fleetAccess({ user: user(), server: server({ deviceReadonly: true }), licence: paid });
    expect(deviceReadonly.canWrite('devices', 'edit')).toBe(false);
    expect(deviceReadonly.canWrite('groups', 'edit')).toBe(true);
    const shared = fleetAccess({ user: user({ attributes: { isShared: true } }), server: server(), licence: paid });
    expect(shared.canWrite('groups', 'create')).toBe(false);
    expect(shared.devices.qrCode).toBe(false);
  });

  it('follows the advanced permission bits when they are enabled', () => {
    const limited = user({ attributes: { 'rastro.advancedPerms': advancedPermissionsHex([['devices', 'view'], ['devices', 'lock']]) } });
    const access = fleetAccess({ user: limited, server: server({ attributes: { 'rastro.enableAdvancedPerms': true } }), licence: paid });
    expect(access.devices.lock).toBe(true);
    expect(access.devices.unlock).toBe(false);
    expect(access.canWrite('devices', 'create')).toBe(false);
  });

  it("takes the lock/unlock buttons and the check-in QR code away, even from an administrator, when the server's switches are off", () => {
    const admin = user({ administrator: true });
    const on = fleetAccess({ user: admin, server: server(), licence: paid });
    expect(on.devices).toMatchObject({ lock: true, unlock: true, qrCode: true });
    const off = fleetAccess({ user: admin, server: server({ attributes: { 'rastro.lockButtons': false, 'rastro.qrCheckIn': 'false' } }), licence: paid });
    expect(off.devices).toMatchObject({ lock: false, unlock: false, qrCode: false, anchor: true, command: true });
  });

  it('keeps limitCommands users to saved commands', () => {
    expect(fleetAccess({ user: user({ limitCommands: true }), server: server(), licence: paid }).savedCommandsOnly).toBe(true);
    expect(fleetAccess({ user: user({ limitCommands: true, administrator: true }), server: server(), licence: paid }).savedCommandsOnly).toBe(false);
  });
});

describe('device limits (SPEC §5)', () => {
  const base = { deviceCount: 3, licence: paid, server: server(), user: user() };
  it('is not reached without limits', () => expect(deviceLimitReached(base)).toBe(false));
  it('is reached when the licence allowance is used up', () => expect(deviceLimitReached({ ...base, licence: { edition: 'paid', remainingDevices: 0 } })).toBe(true));
  it('is reached at the server attribute above 0', () => {
    expect(deviceLimitReached({ ...base, server: server({ attributes: { 'rastro.deviceLimit': 3 } }) })).toBe(true);
    expect(deviceLimitReached({ ...base, server: server({ attributes: { 'rastro.deviceLimit': 0 } }) })).toBe(false);
  });
  it("is reached at the user's own limit unless -1", () => {
    expect(deviceLimitReached({ ...base, user: user({ deviceLimit: 3 }) })).toBe(true);
    expect(deviceLimitReached({ ...base, user: user({ deviceLimit: 0 }) })).toBe(true);
    expect(deviceLimitReached({ ...base, user: user({ deviceLimit: -1 }) })).toBe(false);
  });
  it('names the limit reached, the licence first, so the message can explain it', () => {
    const everything = { deviceCount: 3, licence: { edition: 'paid' as const, remainingDevices: 0 }, server: server({ attributes: { 'rastro.deviceLimit': 3 } }), user: user({ deviceLimit: 3 }) };
    expect(deviceLimitReason(everything)).toBe('licence');
    expect(deviceLimitReason({ ...everything, licence: paid })).toBe('server');
    expect(deviceLimitReason({ ...everything, licence: paid, server: server() })).toBe('user');
    expect(deviceLimitReason({ ...everything, licence: paid, server: server(), user: user({ deviceLimit: 3, administrator: true }) })).toBeNull();
  });
});
