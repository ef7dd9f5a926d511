import type { Driver } from '@rastro/shared';
import { driverEntity } from './driverEntity';

const errorsOf = (values: object) => {
  const result = driverEntity.formSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('driver description', () => {
  it('keeps fuel figures as numbers and the QR access in rastro.qrAccess, with the password only when typed', () => {
    const values = { ...driverEntity.toFormValues(null), name: 'Ana', uniqueId: 'A1', fuelConsumption: '8,5', fuelCost: '6.2', qrEnabled: true, username: 'ana.m', password: 'segredo', lockWithoutDriver: true, lockDelayMinutes: '5' };
    expect(driverEntity.toPayload(values, null)).toEqual({
      id: 0,
      name: 'Ana',
      uniqueId: 'A1',
      attributes: {
        fuelConsumption: 8.5,
        fuelCost: 6.2,
        'rastro.qrAccess': { username: 'ana.m', password: 'segredo', unlockDevice: false, logoutOnIgnitionOff: false, lockWithoutDriver: true, lockDelayMinutes: 5, logoutDelayMinutes: 0 },
      },
    });
  });

  it('asks for a password only when the access is new, and drops the access when turned off', () => {
    const fresh = { ...driverEntity.toFormValues(null), name: 'Ana', uniqueId: 'A1', qrEnabled: true, username: 'ana' };
    expect(errorsOf(fresh)).toEqual({ username: 'fleet.drivers.shortUsername', password: 'fleet.drivers.shortPassword' });
    const stored: Driver = { id: 5, name: 'Ana', uniqueId: 'A1', attributes: { 'rastro.qrAccess': { username: 'ana.m', logoutDelayMinutes: 30 } } };
    const kept = driverEntity.toFormValues(stored);
    expect(kept).toMatchObject({ qrEnabled: true, username: 'ana.m', password: '', logoutDelayMinutes: '30' });
    expect(errorsOf(kept)).toEqual({});
    expect((driverEntity.toPayload(kept, stored) as Driver).attributes['rastro.qrAccess']).not.toHaveProperty('password');
    expect(driverEntity.toPayload({ ...kept, qrEnabled: false }, stored).attributes).toEqual({});
  });

  it('requires name and identifier, and whole minutes within a week', () => {
    expect(errorsOf({ ...driverEntity.toFormValues(null), qrEnabled: true, username: 'ana.m', password: '1234', lockDelayMinutes: '99999' })).toEqual({
      name: 'fleet.common.required',
      uniqueId: 'fleet.common.required',
      lockDelayMinutes: 'fleet.drivers.invalidMinutes',
    });
  });
});
