import { logChanges } from './logDiff';

describe("a log entry's changes", () => {
  it('lists each field the write changed beside its value before, attributes one by one', () => {
    const before = { id: 7, name: 'Van 7', uniqueId: '777', attributes: { plate: 'ABC1D23', color: 'red' } };
    const changes = { id: 7, name: 'Van 7 (blue)', uniqueId: '777', attributes: { plate: 'ABC1D23', color: 'blue', password: '[redacted]' } };
    expect(logChanges(before, changes)).toEqual([
      { field: 'name', before: 'Van 7', after: 'Van 7 (blue)' },
      { field: 'attributes.color', before: 'red', after: 'blue' },
      { field: 'attributes.password', before: '', after: '[redacted]' },
    ]);
  });

  it('without a before, lists every value sent; without values, nothing', () => {
    expect(logChanges(null, { deviceId: 3, type: 'engineStop' })).toEqual([
      { field: 'deviceId', before: '', after: '3' },
      { field: 'type', before: '', after: 'engineStop' },
    ]);
    expect(logChanges(null, null)).toEqual([]);
  });
});
