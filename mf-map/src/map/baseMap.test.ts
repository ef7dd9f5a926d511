import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { availableBaseMaps } from '@rastro/shared/base-maps';
import { validate as validateMapboxStyle } from 'mapbox-gl/dist/style-spec/index.cjs';
import { applyBaseStyle, chooseBaseMap, loadBaseStyle, MAPBOX_GLYPHS, offlineStyle, rasterStyle } from './baseMap';
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
    addLayer: (layer: Record<string, unknown> & { id: string }) => style.layers.push(layer),
    on: () => undefined,
  } as unknown as EngineMap;
  addGeofenceLayers(recorder);
  addTrailLayers(recorder);
  addFleetLayers(recorder, { type: 'FeatureCollection', features: [] }, true);
  addRouteLayers(recorder);
  return style;
}

const messages = (errors: ReadonlyArray<{ message: string }>) => errors.map((error) => error.message);
const offered = availableBaseMaps({ mapTilerKey: 'key' }, { mapUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png' });
const source = (id: string) => offered.find((each) => each.id === id)!;
/** What fetch answers, as far as the base map reads it (jsdom has no Response). */
const answer = (body: unknown, status = 200) => ({ ok: status < 300, status, json: async () => body }) as Response;

describe('base map', () => {
  it("is the user's pick, else the server's map, else the installation's own, else the configured default, else OpenStreetMap", () => {
    expect(chooseBaseMap(offered, { picked: 'cartoDark', serverMap: 'mapTiler' }).id).toBe('cartoDark');
    // A pick no longer on offer (its key was removed) gives way.
    expect(chooseBaseMap(offered, { picked: 'tomTom', serverMap: 'mapTiler' }).id).toBe('mapTiler');
    expect(chooseBaseMap(offered, { defaultBaseMap: 'offline' }).id).toBe('custom');
    const keyless = availableBaseMaps({});
    expect(chooseBaseMap(keyless, { defaultBaseMap: 'offline' }).id).toBe('offline');
    expect(chooseBaseMap(keyless, {}).id).toBe('osm');
    expect(chooseBaseMap(keyless, { serverMap: 'nonsense', defaultBaseMap: 'nonsense' }).id).toBe('osm');
  });

  it('draws raster sources as tiles, a {s} spread over the a, b and c servers', () => {
    expect(Object.values(rasterStyle(source('custom')).sources)[0]).toMatchObject({
      type: 'raster',
      tiles: ['https://a.tiles.example/{z}/{x}/{y}.png', 'https://b.tiles.example/{z}/{x}/{y}.png', 'https://c.tiles.example/{z}/{x}/{y}.png'],
    });
    expect(Object.values(rasterStyle(source('osm')).sources)[0]).toMatchObject({ tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], maxzoom: 19 });
  });

  it('opens a tile session before asking for tiles that need one, and fetches a style document to swap it in', async () => {
    const google = availableBaseMaps({ googleKey: 'g' }).find((each) => each.id === 'googleRoad')!;
    const asked: Array<[string, RequestInit | undefined]> = [];
    const fetcher = async (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      const body = url.includes('createSession') ? { session: 's 1' } : { version: 8, sprite: 'https://api.maptiler.com/sprite', sources: { maptiler: { type: 'vector' } }, layers: [{ id: 'water', type: 'fill' }] };
      return answer(body);
    };
    const tiles = await loadBaseStyle(google, 'maplibre', undefined, fetcher);
    expect(asked[0]).toEqual(['https://tile.googleapis.com/v1/createSession?key=g', expect.objectContaining({ method: 'POST' })]);
    expect(Object.values(tiles.sources)[0]).toMatchObject({ tiles: ['https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session=s%201&key=g'] });
    const style = await loadBaseStyle(source('mapTiler'), 'maplibre', undefined, fetcher);
    expect(asked[1]?.[0]).toBe('https://api.maptiler.com/maps/streets-v2/style.json?key=key');
    expect(style).toMatchObject({ sprite: 'https://api.maptiler.com/sprite', sources: { maptiler: { type: 'vector' } } });
    await expect(loadBaseStyle(source('mapTiler'), 'maplibre', undefined, async () => answer('nope', 403))).rejects.toThrow('403');
    await expect(loadBaseStyle(source('mapTiler'), 'maplibre', undefined, async () => answer({ layers: 1 }))).rejects.toThrow('not a map style');
  });

  it('needs nothing from the network offline: no sources, and no glyphs for maplibre, which draws text from local fonts', () => {
    const style = offlineStyle('maplibre');
    expect(style.sources).toEqual({});
    expect(style.glyphs).toBeUndefined();
    // mapbox-gl insists on a glyphs URL for text; it is started with localFontFamily, so never asks it.
    expect(offlineStyle('mapbox').glyphs).toBe(MAPBOX_GLYPHS);
  });

  it.each(['offline', 'osm'])('with every layer of the live map, the %s style is valid for maplibre-gl and for mapbox-gl', (id) => {
    const base = (engine: 'maplibre' | 'mapbox') => (id === 'offline' ? offlineStyle(engine) : { ...rasterStyle(source(id)), ...(engine === 'mapbox' && { glyphs: MAPBOX_GLYPHS }) });
    const forMaplibre = fullStyle(base('maplibre'));
    const forMapbox = fullStyle(base('mapbox'));
    expect(forMaplibre.layers.some((layer) => (layer.layout as Record<string, unknown> | undefined)?.['text-field'])).toBe(true);
    expect(messages(validateStyleMin(forMaplibre as never))).toEqual([]);
    expect(messages(validateMapboxStyle(forMapbox as never))).toEqual([]);
  });

  it('a mapbox style without glyphs would be refused: the validation can fail', () => {
    const { glyphs: _glyphs, ...withoutGlyphs } = fullStyle(offlineStyle('mapbox'));
    expect(messages(validateMapboxStyle(withoutGlyphs as never)).join('\n')).toMatch(/requires a style "glyphs" property/);
  });
});

/** An engine holding a style, as both engines do: layers in drawing order, sources by id. */
function engineHolding(initial: BaseStyle) {
  const style = { layers: [...initial.layers] as Array<Record<string, unknown> & { id: string; source?: string }>, sources: { ...initial.sources }, sprite: undefined as unknown };
  const map = {
    getStyle: () => ({ layers: style.layers.map((layer) => ({ ...layer })), sources: { ...style.sources } }),
    removeLayer: (id: string) => (style.layers = style.layers.filter((layer) => layer.id !== id)),
    removeSource: (id: string) => {
      if (style.layers.some((layer) => layer.source === id)) throw new Error(`source ${id} is in use`);
      delete style.sources[id];
    },
    addSource: (id: string, source: Record<string, unknown>) => (style.sources[id] = source),
    addLayer: (layer: Record<string, unknown> & { id: string }, beforeId?: string) => {
      const at = beforeId ? style.layers.findIndex((other) => other.id === beforeId) : -1;
      style.layers.splice(at < 0 ? style.layers.length : at, 0, layer);
    },
    setSprite: (sprite: unknown) => (style.sprite = sprite),
  } as unknown as EngineMap;
  return { map, style };
}

describe('swapping base maps', () => {
  it("swaps only the base map's layers and sources, under the fleet, geofences and routes, which stay as they are", () => {
    const { map, style } = engineHolding(rasterStyle(source('osm')));
    style.sources['rastro-fleet'] = { type: 'geojson' };
    style.sources['rastro-geofences'] = { type: 'geojson' };
    style.layers.push({ id: 'rastro-geofences-fill', source: 'rastro-geofences' }, { id: 'rastro-fleet-markers', source: 'rastro-fleet' });

    applyBaseStyle(map, { version: 8, name: 'vector', sprite: 'https://sprites.example/s', sources: { streets: { type: 'vector' } }, layers: [{ id: 'land', type: 'background' }, { id: 'roads', type: 'line', source: 'streets' }] });
    expect(style.layers.map((layer) => layer.id)).toEqual(['land', 'roads', 'rastro-geofences-fill', 'rastro-fleet-markers']);
    expect(Object.keys(style.sources).sort()).toEqual(['rastro-fleet', 'rastro-geofences', 'streets']);
    expect(style.sprite).toBe('https://sprites.example/s');

    applyBaseStyle(map, offlineStyle('maplibre'));
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'rastro-geofences-fill', 'rastro-fleet-markers']);
    expect(Object.keys(style.sources).sort()).toEqual(['rastro-fleet', 'rastro-geofences']);
  });
});
