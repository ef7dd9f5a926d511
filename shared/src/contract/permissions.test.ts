import { bulkPermissionsSchema, MAX_BULK_PERMISSIONS } from './permissions';

const fieldsOf = (value: unknown) => {
  const parsed = bulkPermissionsSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('bulk permissions', () => {
  it('takes an array of two-key permission objects naming the same keys', () => {
    expect(fieldsOf([])).toEqual([]);
    expect(fieldsOf([{ deviceId: 1, geofenceId: 2 }, { deviceId: 1, geofenceId: 3 }])).toEqual([]);
  });

  it('names the item and key of each malformed entry', () => {
    expect(fieldsOf([{ deviceId: 1, geofenceId: 0 }])).toEqual(['0.geofenceId']);
    expect(fieldsOf([{ deviceId: 1, geofenceId: 2 }, { deviceId: '1', geofenceId: 2.5 }])).toEqual(['1.deviceId', '1.geofenceId']);
    expect(fieldsOf([{ deviceId: 1, planetId: 2 }])).toEqual(['0.planetId']);
    expect(fieldsOf([{ deviceId: 1 }])).toEqual(['0']);
    expect(fieldsOf([{ deviceId: 1, geofenceId: 2 }, 'x', null])).toEqual(['1', '2']);
    expect(fieldsOf([{ deviceId: 1, geofenceId: 2 }, { userId: 1, geofenceId: 2 }])).toEqual(['1']);
  });

  it('refuses a body that is no array, or more items than a request may carry', () => {
    expect(fieldsOf({ deviceId: 1, geofenceId: 2 })).toEqual(['']);
    expect(fieldsOf(Array.from({ length: MAX_BULK_PERMISSIONS + 1 }, (_, index) => ({ deviceId: 1, geofenceId: index + 1 })))).toEqual(['']);
  });
});
