import { defaultMapLayers, loadMapLayers, resolveMapLayers, saveMapLayers } from './mapLayers';

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
});
