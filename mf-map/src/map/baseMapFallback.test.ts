import { rasterStyle } from './baseMap';
import type { BaseStyle } from './baseMap';
import { switchToOfflineStyle, TILE_FAILURES_BEFORE_FALLBACK, watchBaseMap } from './baseMapFallback';
import type { EngineMap } from './engine';

const tiles = { kind: 'tiles', url: 'https://tiles.example/{z}/{x}/{y}.png' } as const;
const style = { kind: 'style', url: 'https://maps.example/style.json' } as const;
const tileFailed = { sourceId: 'base-tiles', tile: {}, error: new Error('Failed to fetch') };
const tileArrived = { sourceId: 'base-tiles', tile: {} };

describe('giving the base map up for the offline style', () => {
  it('falls back once its tiles keep failing, and ignores whatever the given-up tiles answer later', () => {
    const watch = watchBaseMap(tiles);
    const verdicts = Array.from({ length: TILE_FAILURES_BEFORE_FALLBACK + 5 }, () => watch.error(tileFailed, true));
    expect(verdicts.filter((verdict) => verdict === 'fallBack')).toHaveLength(1);
    expect(verdicts[TILE_FAILURES_BEFORE_FALLBACK - 1]).toBe('fallBack');
    expect(verdicts.slice(TILE_FAILURES_BEFORE_FALLBACK)).toEqual(Array(5).fill('ignore'));
    // A tile arriving after all is no way back: the map does not flap between the two.
    watch.data(tileArrived);
    expect(Array.from({ length: TILE_FAILURES_BEFORE_FALLBACK }, () => watch.error(tileFailed, true))).not.toContain('fallBack');
    expect(watch.fellBack()).toBe(true);
  });

  it('keeps tiles that mostly arrive: a tile arriving forgives the failures before it', () => {
    const watch = watchBaseMap(tiles);
    for (let round = 0; round < 10; round++) {
      for (let failure = 1; failure < TILE_FAILURES_BEFORE_FALLBACK; failure++) expect(watch.error(tileFailed, true)).toBe('ignore');
      watch.data(tileArrived);
    }
    // Data of Rastro's own sources says nothing about the base tiles.
    for (let failure = 1; failure < TILE_FAILURES_BEFORE_FALLBACK; failure++) watch.error(tileFailed, true);
    watch.data({ sourceId: 'rastro-fleet', tile: {} });
    watch.data({ sourceId: 'base-tiles' });
    expect(watch.error(tileFailed, true)).toBe('fallBack');
  });

  it('falls back at once when a configured style cannot be loaded, or has not loaded in time, but not both', () => {
    const failing = watchBaseMap(style);
    expect(failing.error({ error: new Error('Failed to fetch') }, false)).toBe('fallBack');
    expect(failing.timedOut(false)).toBe(false);

    const slow = watchBaseMap(style);
    expect(slow.timedOut(false)).toBe(true);
    expect(slow.error({ error: new Error('Failed to fetch') }, false)).not.toBe('fallBack');
    expect(watchBaseMap(style).timedOut(true)).toBe(false);
    // The tiles of a configured style that loaded are given up like the server's tiles.
    const loadedStyle = watchBaseMap(style);
    expect(Array.from({ length: TILE_FAILURES_BEFORE_FALLBACK }, () => loadedStyle.error({ sourceId: 'openmaptiles', tile: {}, error: new Error('x') }, true))).toContain('fallBack');
  });

  it("leaves the offline style and errors of Rastro's own sources alone", () => {
    const offline = watchBaseMap({ kind: 'offline' });
    expect(offline.error({ error: new Error('no style') }, false)).toBe('notBaseMap');
    expect(offline.timedOut(false)).toBe(false);
    const watch = watchBaseMap(tiles);
    for (let i = 0; i < 10; i++) expect(watch.error({ sourceId: 'rastro-fleet', error: new Error('bad data') }, true)).toBe('notBaseMap');
    expect(watch.fellBack()).toBe(false);
  });
});

/** An engine holding a style, as both engines do: layers in drawing order, sources by id. */
function engineHolding(initial: BaseStyle) {
  const style = { layers: [...initial.layers] as Array<Record<string, unknown> & { id: string; source?: string }>, sources: { ...initial.sources } };
  const setStyle = jest.fn();
  const map = {
    setStyle,
    getStyle: () => ({ layers: style.layers.map((layer) => ({ ...layer })), sources: { ...style.sources } }),
    removeLayer: (id: string) => (style.layers = style.layers.filter((layer) => layer.id !== id)),
    removeSource: (id: string) => {
      if (style.layers.some((layer) => layer.source === id)) throw new Error(`source ${id} is in use`);
      delete style.sources[id];
    },
    addLayer: (layer: Record<string, unknown> & { id: string }, beforeId?: string) => {
      const at = beforeId ? style.layers.findIndex((other) => other.id === beforeId) : -1;
      style.layers.splice(at < 0 ? style.layers.length : at, 0, layer);
    },
  } as unknown as EngineMap;
  return { map, style, setStyle };
}

describe('switching to the offline style', () => {
  it('before the map has loaded, replaces the style', () => {
    const { map, setStyle } = engineHolding(rasterStyle(tiles.url, 'maplibre'));
    switchToOfflineStyle(map, 'maplibre', false);
    expect(setStyle).toHaveBeenCalledWith(expect.objectContaining({ name: 'rastro-offline' }));
  });

  it("once loaded, swaps only the base map's layers and sources, keeping the fleet, geofences and routes over the background", () => {
    const { map, style, setStyle } = engineHolding(rasterStyle(tiles.url, 'maplibre'));
    style.sources['rastro-fleet'] = { type: 'geojson' };
    style.sources['rastro-geofences'] = { type: 'geojson' };
    style.layers.push({ id: 'rastro-geofences-fill', source: 'rastro-geofences' }, { id: 'rastro-fleet-markers', source: 'rastro-fleet' });

    switchToOfflineStyle(map, 'maplibre', true);

    expect(setStyle).not.toHaveBeenCalled();
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'rastro-geofences-fill', 'rastro-fleet-markers']);
    expect(Object.keys(style.sources).sort()).toEqual(['rastro-fleet', 'rastro-geofences']);
  });
});
