import type { EngineName } from './engine';

/**
 * Where the base map under Rastro's own layers comes from: a style URL from the configuration
 * (config.json or the tenant's), else the tracking server's `mapUrl` raster tiles, else the
 * offline style. Whatever is configured, the offline style is also the fallback when the style
 * or its tiles cannot be had, so the map always shows the fleet.
 */
export type BaseMap = { kind: 'style'; url: string } | { kind: 'tiles'; url: string } | { kind: 'offline' };

export function chooseBaseMap(styleUrl: string | null | undefined, serverMapUrl: string | null | undefined): BaseMap {
  if (styleUrl?.trim()) return { kind: 'style', url: styleUrl.trim() };
  if (serverMapUrl?.trim()) return { kind: 'tiles', url: serverMapUrl.trim() };
  return { kind: 'offline' };
}

/**
 * mapbox-gl refuses text layers in a style without `glyphs` and would fetch them from Mapbox; the
 * map is started with `localFontFamily` (see engine.ts), so every glyph is drawn in the browser
 * and this URL is never asked for. maplibre-gl draws text from local fonts when a style has no
 * `glyphs` at all, so its offline style has none.
 */
export const MAPBOX_GLYPHS = 'mapbox://fonts/mapbox/{fontstack}/{range}.pbf';

/** The font the engines draw labels with when the style brings no glyphs of its own. */
export const LOCAL_FONT_FAMILY = 'sans-serif';

export interface BaseStyle {
  version: 8;
  name: string;
  glyphs?: string;
  sources: Record<string, Record<string, unknown>>;
  layers: Array<Record<string, unknown>>;
}

const BACKGROUND = { id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } };

function withGlyphs(style: BaseStyle, engine: EngineName): BaseStyle {
  return engine === 'mapbox' ? { ...style, glyphs: MAPBOX_GLYPHS } : style;
}

/** A plain background under Rastro's layers: needs nothing from the network. */
export function offlineStyle(engine: EngineName): BaseStyle {
  return withGlyphs({ version: 8, name: 'rastro-offline', sources: {}, layers: [BACKGROUND] }, engine);
}

/** The source id of the base raster tiles built from the server's `mapUrl`. */
export const BASE_TILES_SOURCE = 'base-tiles';

/** A Leaflet-style template's `{s}` stands for the a, b and c tile servers. */
function tileUrls(template: string): string[] {
  return template.includes('{s}') ? ['a', 'b', 'c'].map((server) => template.replace('{s}', server)) : [template];
}

/** The server's `mapUrl` ({z}/{x}/{y} raster tiles, as Traccar's own web client takes it) over the offline background. */
export function rasterStyle(template: string, engine: EngineName): BaseStyle {
  return withGlyphs(
    {
      version: 8,
      name: 'rastro-tiles',
      sources: { [BASE_TILES_SOURCE]: { type: 'raster', tiles: tileUrls(template), tileSize: 256, maxzoom: 19 } },
      layers: [BACKGROUND, { id: 'base-tiles', type: 'raster', source: BASE_TILES_SOURCE }],
    },
    engine,
  );
}

/** What the engine is given: a URL it loads itself, or a style object. */
export function baseStyle(base: BaseMap, engine: EngineName): string | BaseStyle {
  if (base.kind === 'style') return base.url;
  if (base.kind === 'tiles') return rasterStyle(base.url, engine);
  return offlineStyle(engine);
}

/** Rastro's own sources and layers (fleet, geofences, routes…) are named so; everything else is the base map's. */
export function isRastroId(id: string): boolean {
  return id.startsWith('rastro-');
}

/**
 * What an engine `error` event says about the base map: the style itself could not be loaded
 * (only before the map has loaded; nothing to fall back from with the offline style), or a base
 * map tile could not be had. Anything else is none of the base map's business.
 */
export function baseMapFailure(event: unknown, base: BaseMap, loaded: boolean): 'style' | 'tiles' | null {
  const sourceId = (event as { sourceId?: unknown } | null)?.sourceId;
  if (typeof sourceId === 'string') return isRastroId(sourceId) ? null : 'tiles';
  return base.kind === 'style' && !loaded ? 'style' : null;
}
