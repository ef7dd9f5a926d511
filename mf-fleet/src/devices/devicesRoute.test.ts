import { devicesRoute } from './devicesRoute';

describe('devices routes', () => {
  it('maps the address to a screen', () => {
    expect(devicesRoute('/devices', '')).toEqual({ screen: 'list' });
    expect(devicesRoute('/devices/new', '')).toEqual({ screen: 'create' });
    expect(devicesRoute('/devices/12', '')).toEqual({ screen: 'detail', deviceId: 12 });
    expect(devicesRoute('/devices/12', '?edit=1')).toEqual({ screen: 'edit', deviceId: 12 });
    expect(devicesRoute('/devices/abc', '')).toEqual({ screen: 'list' });
  });
});
