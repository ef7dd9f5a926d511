import type { Device } from '@rastro/shared';
import { accumulatorsFrom, deviceEntity } from './deviceEntity';

describe('device accumulators (SPEC §7 PUT /devices/{id}/accumulators)', () => {
  it('sends the odometer in metres as typed and the engine hours in milliseconds', () => {
    expect(accumulatorsFrom({ totalDistance: '12500', hours: '1,5' }, 3)).toEqual({ deviceId: 3, totalDistance: 12500, hours: 5_400_000 });
    expect(accumulatorsFrom({ totalDistance: ' 0 ', hours: '' }, 3)).toEqual({ deviceId: 3, totalDistance: 0, hours: undefined });
  });

  it('sends nothing when neither is filled in', () => {
    expect(accumulatorsFrom({ totalDistance: '', hours: '  ' }, 3)).toBeNull();
  });
});

describe('device form values', () => {
  it('keeps the installation record as one attribute, and drops it when emptied', () => {
    const values = { ...deviceEntity.toFormValues(null), name: 'Van', uniqueId: '9', installation_company: ' Instala SA ', installation_date: '2026-03-01' };
    // The payload is the device as sent: read back as one.
    const payload = deviceEntity.toPayload(values, null) as Device;
    expect(payload.attributes.installation).toEqual({ company: 'Instala SA', date: '2026-03-01' });
    const device: Device = { ...payload, id: 9 };
    expect(deviceEntity.toFormValues(device).installation_company).toBe('Instala SA');
    const emptied = deviceEntity.toPayload({ ...deviceEntity.toFormValues(device), installation_company: '', installation_date: '' }, device);
    expect((emptied as Device).attributes).not.toHaveProperty('installation');
  });
});
