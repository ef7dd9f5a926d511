import { readPreference } from '@rastro/shared';
import { defaultMapLayers, loadMapLayers, resolveMapLayers, saveBaseMapChoice, saveMapLayers } from './mapLayers';

describe('map layers (mapPref)', () => {
  beforeEach(() => window.localStorage.clear());

  it('fills what the user never chose with the defaults', () => {
    expect(resolveMapLayers(undefined)).toEqual(defaultMapLayers);
    expect(resolveMapLayers({ plates: true, names: false })).toEqual({ ...defaultMapLayers, plates: true, names: false });
  });

  it('survives a reload through localStorage', () => {
    saveMapLayers({ ...defaultMapLayers, geofences: false });
    expect(JSON.parse(window.localStorage.getItem('mapPref') ?? '{}')).toMatchObject({ geofences: false });
    expect(loadMapLayers().geofences).toBe(false);
  });

  it('keeps the base map chosen and the layer switches side by side, neither erasing the other', () => {
    saveBaseMapChoice('cartoDark');
    saveMapLayers({ ...defaultMapLayers, plates: true });
    expect(readPreference('mapPref')).toMatchObject({ baseMap: 'cartoDark', plates: true });
    saveBaseMapChoice('osm');
    expect(readPreference('mapPref')).toMatchObject({ baseMap: 'osm', plates: true });
  });
});
