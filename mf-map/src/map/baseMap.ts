import { baseMapSources, CONFIGURED_STYLE_BASE_MAP, CUSTOM_BASE_MAP, DEFAULT_BASE_MAP } from '@rastro/shared/base-maps';
import type { BaseMapSource } from '@rastro/shared/base-maps';
import type { EngineMap, EngineName } from './engine';

/**
 * The base map under Rastro's own layers: one source of the table in
 * shared/src/contract/base-maps.ts (which the switcher lists and the gateway's CSP allows), drawn
 * as a plain style the map swaps under the fleet. The offline style is the map's first style and
 * the fallback when a base map cannot be had, so the map always shows the fleet.
 */

/**
 * Which base map to show, of those on offer: the user's pick (mapPref), else the server's `map`
 * setting, else the installation's own style or tiles (config.json's mapStyleUrl, the server's
 * mapUrl), else the configuration's default, else OpenStreetMap.
 */
export function chooseBaseMap(
  offered: readonly BaseMapSource[],
  wishes: { picked?: string | null; serverMap?: string | null; defaultBaseMap?: string | null },
): BaseMapSource {
  const find = (id: string | null | undefined) => (id ? offered.find((source) => source.id === id) : undefined);
  return find(wishes.picked) ?? find(wishes.serverMap) ?? find(CONFIGURED_STYLE_BASE_MAP) ?? find(CUSTOM_BASE_MAP) ?? find(wishes.defaultBaseMap) ?? find(DEFAULT_BASE_MAP) ?? OFFLINE;
}

export const OFFLINE: BaseMapSource = baseMapSources.find((source) => source.kind === 'none')!;

/**
 * mapbox-gl refuses text layers in a style without `glyphs` and would fetch them from Mapbox; the
 * map is started with `localFontFamily` (see engine.ts), so every glyph is drawn in the browser
 * and this URL is never asked for. maplibre-gl draws text from local fonts when a style has no
 * `glyphs` at all, so its offline style has none. Base maps are swapped in under that first style,
 * which keeps its glyphs: their labels are drawn from local fonts too, never from a provider.
 */
export const MAPBOX_GLYPHS = 'mapbox://fonts/mapbox/{fontstack}/{range}.pbf';

/** The font the engines draw labels with when the style brings no glyphs of its own. */
export const LOCAL_FONT_FAMILY = 'sans-serif';

export interface BaseStyle {
  version: 8;
  name: string;
  glyphs?: string;
  sprite?: unknown;
  sources: Record<string, Record<string, unknown>>;
  layers: Array<Record<string, unknown> & { id: string }>;
}

const BACKGROUND = { id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } };

/** A plain background under Rastro's layers: needs nothing from the network. */
export function offlineStyle(engine: EngineName): BaseStyle {
  return { version: 8, name: 'rastro-offline', ...(engine === 'mapbox' && { glyphs: MAPBOX_GLYPHS }), sources: {}, layers: [BACKGROUND] };
}

/** The source id of a raster base map's tiles. */
export const rasterSourceId = (source: BaseMapSource): string => `base-${source.id}`;

/** A Leaflet-style template's `{s}` stands for the a, b and c tile servers. */
function tileUrls(template: string): string[] {
  return template.includes('{s}') ? ['a', 'b', 'c'].map((server) => template.replace('{s}', server)) : [template];
}

/** A raster source's tiles over the offline background. */
export function rasterStyle(source: BaseMapSource, session?: string): BaseStyle {
  const id = rasterSourceId(source);
  const tiles = source.urls.flatMap(tileUrls).map((url) => (session === undefined ? url : url.replace('{session}', encodeURIComponent(session))));
  return {
    version: 8,
    name: `rastro-${source.id}`,
    sources: { [id]: { type: 'raster', tiles, tileSize: source.tileSize ?? 256, maxzoom: source.maxzoom ?? 19 } },
    layers: [BACKGROUND, { id, type: 'raster', source: id }],
  };
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

async function json(fetcher: Fetch, url: string, init: RequestInit): Promise<unknown> {
  const answer = await fetcher(url, init);
  if (!answer.ok) throw new Error(`${answer.status} from ${new URL(url).host}`);
  return answer.json();
}

/**
 * The style a base map is drawn with: the offline background, raster tiles (after opening the
 * provider's tile session if it needs one), or the provider's style document, fetched here so it
 * can be swapped in under Rastro's layers instead of replacing them.
 */
export async function loadBaseStyle(source: BaseMapSource, engine: EngineName, signal?: AbortSignal, fetcher: Fetch = (url, init) => fetch(url, init)): Promise<BaseStyle> {
  if (source.kind === 'none') return offlineStyle(engine);
  if (source.kind === 'raster') {
    if (!source.session) return rasterStyle(source);
    const answer = await json(fetcher, source.session.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(source.session.body), signal });
    const session = (answer as { session?: unknown } | null)?.session;
    if (typeof session !== 'string') throw new Error('no tile session');
    return rasterStyle(source, session);
  }
  const style = (await json(fetcher, source.urls[0]!, { signal })) as Partial<BaseStyle> | null;
  if (!style || typeof style.sources !== 'object' || !Array.isArray(style.layers)) throw new Error('not a map style');
  return { version: 8, name: `rastro-${source.id}`, sprite: style.sprite, sources: style.sources, layers: style.layers };
}

/** Rastro's own sources and layers (fleet, geofences, routes…) are named so; everything else is the base map's. */
export function isRastroId(id: string): boolean {
  return id.startsWith('rastro-');
}

/**
 * Puts a base style under the map without touching Rastro's layers: the base map's layers and
 * sources are swapped for the new ones, under the first of Rastro's, so the fleet, trails,
 * geofences, routes, layer choices and the camera stay as they are. maplibre-gl takes the style's
 * sprite too; mapbox-gl 3 has no way to change it on a loaded map, so its icons are not drawn.
 */
export function applyBaseStyle(map: EngineMap, style: BaseStyle): void {
  const { layers, sources } = map.getStyle();
  for (const layer of layers) if (!isRastroId(layer.id)) map.removeLayer(layer.id);
  for (const sourceId of Object.keys(sources)) if (!isRastroId(sourceId)) map.removeSource(sourceId);
  for (const [id, source] of Object.entries(style.sources)) map.addSource(id, source);
  const firstOfRastro = layers.find((layer) => isRastroId(layer.id))?.id;
  for (const layer of style.layers) map.addLayer(layer, firstOfRastro);
  if (style.sprite !== undefined && map.setSprite) map.setSprite(style.sprite);
}
