import { isHiddenDeviceJson, socketMessageWithoutHidden, withoutHiddenDeviceIds, withoutHiddenDevices, withoutHiddenRecords } from './hidden-devices';

describe('device lists without safe-mode deleted devices', () => {
  it('drops devices whose uniqueId marks them deleted', () => {
    const list = JSON.stringify([{ id: 1, uniqueId: '111' }, { id: 2, uniqueId: 'deleted-222-1767225600000' }]);
    expect(JSON.parse(withoutHiddenDevices(list))).toEqual([{ id: 1, uniqueId: '111' }]);
  });

  it('returns anything else exactly as it came', () => {
    const untouched = JSON.stringify([{ id: 1, uniqueId: '111' }]);
    expect(withoutHiddenDevices(untouched)).toBe(untouched);
    expect(withoutHiddenDevices('{"id":1}')).toBe('{"id":1}');
    expect(withoutHiddenDevices('not json')).toBe('not json');
  });
});

describe('records of hidden devices', () => {
  const hidden = new Set([2]);

  it('leaves positions, events and report rows of hidden devices out of lists', () => {
    const positions = JSON.stringify([{ id: 10, deviceId: 1 }, { id: 11, deviceId: 2 }]);
    expect(JSON.parse(withoutHiddenRecords(positions, hidden))).toEqual([{ id: 10, deviceId: 1 }]);
    expect(withoutHiddenRecords('[{"id":10,"deviceId":1}]', hidden)).toBe('[{"id":10,"deviceId":1}]');
  });

  it('tells a hidden device answered alone', () => {
    expect(isHiddenDeviceJson('{"id":2,"uniqueId":"deleted-222-1767225600000"}')).toBe(true);
    expect(isHiddenDeviceJson('{"id":1,"uniqueId":"111"}')).toBe(false);
    expect(isHiddenDeviceJson('nope')).toBe(false);
  });

  it('filters socket messages, dropping one left empty and passing others untouched', () => {
    const mixed = JSON.stringify({ positions: [{ deviceId: 1 }, { deviceId: 2 }], events: [{ deviceId: 2 }] });
    expect(JSON.parse(socketMessageWithoutHidden(mixed, hidden) as string)).toEqual({ positions: [{ deviceId: 1 }] });
    expect(socketMessageWithoutHidden(JSON.stringify({ devices: [{ id: 2, uniqueId: 'deleted-222-1767225600000' }] }), new Set())).toBeNull();
    expect(socketMessageWithoutHidden('{"positions":[{"deviceId":1}]}', hidden)).toBe('{"positions":[{"deviceId":1}]}');
    expect(socketMessageWithoutHidden('{}', hidden)).toBe('{}');
    expect(socketMessageWithoutHidden('text', hidden)).toBe('text');
  });
});

describe('a request for a period without the hidden devices it names', () => {
  const hidden = new Set([2]);
  const range = 'from=2026-01-01T00%3A00%3A00Z&to=2026-01-02T00%3A00%3A00Z';

  it('takes a hidden device out of the deviceIds, however its id is written, and keeps the rest', () => {
    for (const written of ['2', '02', ' 2', '%32']) {
      const url = withoutHiddenDeviceIds(`/api/reports/route?deviceId=1&deviceId=${written}&${range}`, hidden);
      expect(new URLSearchParams(url?.split('?')[1]).getAll('deviceId')).toEqual(['1']);
    }
  });

  it('answers null when it asks for hidden devices only, without a group; a group stays to be asked', () => {
    expect(withoutHiddenDeviceIds(`/api/reports/route?deviceId=2&${range}`, hidden)).toBeNull();
    expect(withoutHiddenDeviceIds(`/api/positions/gpx?deviceId=2&${range}`, hidden)).toBeNull();
    expect(new URLSearchParams(withoutHiddenDeviceIds(`/api/reports/route?deviceId=2&groupId=5&${range}`, hidden)?.split('?')[1]).getAll('groupId')).toEqual(['5']);
  });

  it('leaves a request naming no hidden device exactly as written', () => {
    const url = `/api/reports/route?deviceId=1&deviceId=3&${range}`;
    expect(withoutHiddenDeviceIds(url, hidden)).toBe(url);
    expect(withoutHiddenDeviceIds('/api/positions', hidden)).toBe('/api/positions');
  });
});
