import { availableBaseMaps, baseMapHosts, baseMapSources, customKind, mapKeysOf, originOf } from './base-maps';

describe('the base map table', () => {
  it("names, for every source, each host its URLs reach among the hosts the page's CSP allows", () => {
    for (const source of baseMapSources) {
      for (const url of [...source.urls, ...(source.session ? [source.session.url] : [])]) expect(source.cspHosts).toContain(originOf(url));
    }
    expect(new Set(baseMapSources.map((source) => source.id)).size).toBe(baseMapSources.length);
  });

  it('offers the keyless sources always, a keyed one only with its key (filled into its URLs), and the installation’s own URLs', () => {
    const keyless = availableBaseMaps({}).map((source) => source.id);
    expect(keyless).toEqual(['offline', 'osm', 'openFreeMap', 'cartoLight', 'cartoDark', 'openTopoMap', 'esriImagery']);
    const keyed = availableBaseMaps({ mapTilerKey: 'k/1', googleKey: 'g' }, { mapUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapStyleUrl: 'https://styles.example/s.json' });
    expect(keyed.map((source) => source.id)).toEqual([...keyless, 'mapTiler', 'googleRoad', 'googleSatellite', 'configuredStyle', 'custom']);
    expect(keyed.find((source) => source.id === 'mapTiler')?.urls).toEqual(['https://api.maptiler.com/maps/streets-v2/style.json?key=k%2F1']);
    expect(keyed.find((source) => source.id === 'googleRoad')?.session?.url).toBe('https://tile.googleapis.com/v1/createSession?key=g');
    expect(keyed.find((source) => source.id === 'custom')).toMatchObject({ kind: 'raster', cspHosts: ['https://tiles.example'] });
    expect(baseMapHosts(keyed)).toContain('https://styles.example');
  });

  it('reads the keys from the server attributes, Bing also from its own field, the configured Mapbox token first', () => {
    expect(mapKeysOf({ bingKey: 'b', attributes: { tomTomKey: ' t ', hereKey: '', other: 'x', mapboxAccessToken: 'server' } }, 'config')).toEqual({
      bingMapsKey: 'b',
      tomTomKey: 't',
      mapboxAccessToken: 'config',
    });
    expect(mapKeysOf(null)).toEqual({});
  });

  it("takes the server's mapUrl as tiles when it has a tile placeholder, else as a style", () => {
    expect(customKind('https://t.example/{z}/{x}/{y}.png')).toBe('raster');
    expect(customKind('https://t.example/tiles?q={quadkey}')).toBe('raster');
    expect(customKind('https://t.example/style.json')).toBe('style');
  });
});
