import { chooseEngine, createEngineMap } from './engine';

// Both engines are replaced by recorders: the test is about which one is picked and how it is set up.
const mapboxMaps: unknown[] = [];
const maplibreMaps: unknown[] = [];
const mapboxgl = {
  accessToken: '',
  Map: jest.fn(function (this: { options: unknown }, options: unknown) {
    this.options = options;
    mapboxMaps.push(options);
  }),
};
const setWorkerUrl = jest.fn();
jest.mock('mapbox-gl', () => ({ __esModule: true, default: mapboxgl }));
jest.mock('maplibre-gl', () => ({
  __esModule: true,
  setWorkerUrl: (url: string) => setWorkerUrl(url),
  Map: function (options: unknown) {
    maplibreMaps.push(options);
  },
}), { virtual: true }); // ESM-only: Jest's resolver does not find it, and need not.
jest.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ __esModule: true, default: '/static/maplibre-worker.js' }), { virtual: true });

const options = { container: document.createElement('div'), style: { version: 8 }, center: [-46.6, -23.5] as [number, number], zoom: 11, fadeDuration: 0 };

describe('map engine choice', () => {
  beforeEach(() => {
    mapboxMaps.length = 0;
    maplibreMaps.length = 0;
    mapboxgl.accessToken = '';
  });

  it('is maplibre-gl with no Mapbox token (fresh install, offline, tests) and mapbox-gl with one', () => {
    expect(chooseEngine(null)).toBe('maplibre');
    expect(chooseEngine(undefined)).toBe('maplibre');
    expect(chooseEngine('')).toBe('maplibre');
    expect(chooseEngine('pk.test-token')).toBe('mapbox');
  });

  it('starts mapbox-gl with the configured token, the same options the other engine gets, and labels drawn locally', async () => {
    const map = await createEngineMap(chooseEngine('pk.test-token'), options, 'pk.test-token');
    expect(mapboxgl.accessToken).toBe('pk.test-token');
    // The offline style's text then needs no glyphs from the network.
    expect(mapboxMaps).toEqual([{ ...options, localFontFamily: 'sans-serif' }]);
    expect((map as unknown as { options: unknown }).options).toEqual({ ...options, localFontFamily: 'sans-serif' });
    expect(maplibreMaps).toEqual([]);
  });

  it('starts maplibre-gl with its worker served from the bundle, and never touches mapbox-gl', async () => {
    await createEngineMap(chooseEngine(null), options);
    expect(maplibreMaps).toEqual([options]);
    expect(setWorkerUrl).toHaveBeenCalledWith(new URL('/static/maplibre-worker.js', window.location.href).href);
    expect(mapboxMaps).toEqual([]);
    expect(mapboxgl.accessToken).toBe('');
  });
});
