import { withoutHiddenDevices } from './hidden-devices';

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
