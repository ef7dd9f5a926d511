import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { validate as validateMapboxStyle } from 'mapbox-gl/dist/style-spec/index.cjs';
import { baseMapFailure, baseStyle, chooseBaseMap, MAPBOX_GLYPHS, offlineStyle, rasterStyle } from './baseMap';
import type { BaseStyle } from './baseMap';
import type { EngineMap } from './engine';
import { addFleetLayers, addTrailLayers } from './fleetLayers';
import { addGeofenceLayers } from './geofences/geofenceLayers';
import { addRouteLayers } from './route/routeLayers';

/** A base style with every source and layer the live map adds, as the engine ends up holding it. */
function fullStyle(base: BaseStyle): BaseStyle {
  const style: BaseStyle = { ...base, sources: { ...base.sources }, layers: [...base.layers] };
  const recorder = {
    addSource: (id: string, source: Record<string, unknown>) => (style.sources[id] = source),
    addLayer: (layer: Record<string, unknown>) => style.layers.push(layer),
    on: () => undefined,
  } as unknown as EngineMap;
  addGeofenceLayers(recorder);
  addTrailLayers(recorder);
  addFleetLayers(recorder, { type: 'FeatureCollection', features: [] }, true);
  addRouteLayers(recorder);
  return style;
}

const messages = (errors: ReadonlyArray<{ message: string }>) => errors.map((error) => error.message);

describe('base map', () => {
  it('is the configured style, else the server mapUrl tiles, else the offline style', () => {
    expect(chooseBaseMap('https://maps.example/style.json', 'https://tiles.example/{z}/{x}/{y}.png')).toEqual({ kind: 'style', url: 'https://maps.example/style.json' });
    expect(chooseBaseMap(null, 'https://tiles.example/{z}/{x}/{y}.png')).toEqual({ kind: 'tiles', url: 'https://tiles.example/{z}/{x}/{y}.png' });
    expect(chooseBaseMap('  ', '')).toEqual({ kind: 'offline' });
    expect(chooseBaseMap(undefined, undefined)).toEqual({ kind: 'offline' });
  });

  it('draws the server mapUrl as raster tiles, its {s} spread over the a, b and c servers', () => {
    const style = rasterStyle('https://{s}.tiles.example/{z}/{x}/{y}.png', 'maplibre');
    expect(Object.values(style.sources)[0]).toMatchObject({ type: 'raster', tiles: ['https://a.tiles.example/{z}/{x}/{y}.png', 'https://b.tiles.example/{z}/{x}/{y}.png', 'https://c.tiles.example/{z}/{x}/{y}.png'] });
    expect(baseStyle({ kind: 'style', url: 'https://maps.example/style.json' }, 'maplibre')).toBe('https://maps.example/style.json');
  });

  it('needs nothing from the network offline: no sources, and no glyphs for maplibre, which draws text from local fonts', () => {
    const style = offlineStyle('maplibre');
    expect(style.sources).toEqual({});
    expect(style.glyphs).toBeUndefined();
    // mapbox-gl insists on a glyphs URL for text; it is started with localFontFamily, so never asks it.
    expect(offlineStyle('mapbox').glyphs).toBe(MAPBOX_GLYPHS);
  });

  it.each(['offline', 'tiles'] as const)('with every layer of the live map, the %s style is valid for maplibre-gl and for mapbox-gl', (kind) => {
    const base = kind === 'offline' ? ({ kind } as const) : ({ kind, url: 'https://tiles.example/{z}/{x}/{y}.png' } as const);
    const forMaplibre = fullStyle(baseStyle(base, 'maplibre') as BaseStyle);
    const forMapbox = fullStyle(baseStyle(base, 'mapbox') as BaseStyle);
    expect(forMaplibre.layers.some((layer) => (layer.layout as Record<string, unknown> | undefined)?.['text-field'])).toBe(true);
    expect(messages(validateStyleMin(forMaplibre as never))).toEqual([]);
    expect(messages(validateMapboxStyle(forMapbox as never))).toEqual([]);
  });

  it('a mapbox style without glyphs would be refused: the validation can fail', () => {
    const { glyphs: _glyphs, ...withoutGlyphs } = fullStyle(offlineStyle('mapbox'));
    expect(messages(validateMapboxStyle(withoutGlyphs as never)).join('\n')).toMatch(/requires a style "glyphs" property/);
  });

  it('tells a style that failed to load from a base tile that failed, and ignores errors of Rastro’s own sources', () => {
    const style = { kind: 'style', url: 'https://maps.example/style.json' } as const;
    expect(baseMapFailure({ error: new Error('Failed to fetch') }, style, false)).toBe('style');
    expect(baseMapFailure({ error: new Error('late') }, style, true)).toBeNull();
    expect(baseMapFailure({ error: new Error('no style') }, { kind: 'offline' }, false)).toBeNull();
    expect(baseMapFailure({ sourceId: 'base-tiles', error: new Error('404') }, { kind: 'tiles', url: 'x' }, true)).toBe('tiles');
    expect(baseMapFailure({ sourceId: 'rastro-fleet', error: new Error('bad data') }, style, true)).toBeNull();
  });
});
