/**
 * The base maps the live map offers, described once: the map remote draws them, its switcher lists
 * them, and the gateway's Content-Security-Policy allows exactly their hosts. A keyed source is
 * offered only when the server settings hold its key (SPEC §3 "map keys", Traccar's attribute
 * names); the server's own `mapUrl` and the configuration's style URL are two more sources.
 */

/** The server attributes (Traccar's names) that hold the providers' keys. */
export const mapKeySettings = ['mapboxAccessToken', 'mapTilerKey', 'googleKey', 'bingMapsKey', 'tomTomKey', 'hereKey', 'locationIqKey'] as const;
export type MapKeySetting = (typeof mapKeySettings)[number];
export type MapKeys = Partial<Record<MapKeySetting, string>>;

/**
 * `raster`: {z}/{x}/{y} (or {quadkey}) tile templates; `style`: one style document (its sources
 * and tiles come from `cspHosts`); `none`: the offline background, which needs no network.
 */
export type BaseMapKind = 'raster' | 'style' | 'none';

export interface BaseMapAttribution {
  text: string;
  href?: string;
}

export interface BaseMapSource {
  id: string;
  /** Under the map remote's `map.baseMaps.` catalog keys. */
  labelKey: string;
  kind: BaseMapKind;
  /** Tile templates (raster) or the style URL (style); `{key}` is the provider's key. */
  urls: readonly string[];
  /** The server attribute that must hold a key for the source to be offered; null for keyless sources. */
  key: MapKeySetting | null;
  /** What the provider requires shown under its map. */
  attribution: readonly BaseMapAttribution[];
  /** Every origin the source's style, tiles, sprites and glyphs are fetched from. */
  cspHosts: readonly string[];
  maxzoom?: number;
  /** Raster tiles drawn at this size (256 unless the provider serves 512-pixel tiles). */
  tileSize?: number;
  /**
   * A tile session to open before the tiles can be asked for (Google's Map Tiles API): POSTed to
   * `url` with `body`; the answer's `session` replaces `{session}` in the tile templates.
   */
  session?: { url: string; body: Record<string, string> };
}

const OSM: BaseMapAttribution = { text: '© OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' };
const MAPBOX_HOSTS = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];
const subdomains = (letters: string, template: string) => [...letters].map((letter) => template.replace('{s}', letter));

const mapbox = (id: string, style: string): BaseMapSource => ({
  id,
  labelKey: id,
  kind: 'style',
  urls: [`https://api.mapbox.com/styles/v1/mapbox/${style}?access_token={key}`],
  key: 'mapboxAccessToken',
  attribution: [{ text: '© Mapbox', href: 'https://www.mapbox.com/about/maps/' }, OSM],
  cspHosts: MAPBOX_HOSTS,
});

const google = (id: string, mapType: string): BaseMapSource => ({
  id,
  labelKey: id,
  kind: 'raster',
  urls: ['https://tile.googleapis.com/v1/2dtiles/{z}/{x}/{y}?session={session}&key={key}'],
  key: 'googleKey',
  attribution: [{ text: '© Google' }],
  cspHosts: ['https://tile.googleapis.com'],
  maxzoom: 22,
  session: { url: 'https://tile.googleapis.com/v1/createSession?key={key}', body: { mapType, language: 'pt-BR', region: 'BR' } },
});

/** In the order the switcher lists them: the offline background, keyless sources, keyed ones. */
export const baseMapSources: readonly BaseMapSource[] = [
  { id: 'offline', labelKey: 'offline', kind: 'none', urls: [], key: null, attribution: [], cspHosts: [] },
  { id: 'osm', labelKey: 'osm', kind: 'raster', urls: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], key: null, attribution: [OSM], cspHosts: ['https://tile.openstreetmap.org'], maxzoom: 19 },
  {
    id: 'openFreeMap',
    labelKey: 'openFreeMap',
    kind: 'style',
    urls: ['https://tiles.openfreemap.org/styles/liberty'],
    key: null,
    attribution: [{ text: 'OpenFreeMap', href: 'https://openfreemap.org' }, { text: '© OpenMapTiles', href: 'https://www.openmaptiles.org/' }, OSM],
    cspHosts: ['https://tiles.openfreemap.org'],
  },
  {
    id: 'cartoLight',
    labelKey: 'cartoLight',
    kind: 'raster',
    urls: subdomains('abcd', 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}.png'),
    key: null,
    attribution: [OSM, { text: '© CARTO', href: 'https://carto.com/attributions' }],
    cspHosts: subdomains('abcd', 'https://{s}.basemaps.cartocdn.com'),
    maxzoom: 20,
  },
  {
    id: 'cartoDark',
    labelKey: 'cartoDark',
    kind: 'raster',
    urls: subdomains('abcd', 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png'),
    key: null,
    attribution: [OSM, { text: '© CARTO', href: 'https://carto.com/attributions' }],
    cspHosts: subdomains('abcd', 'https://{s}.basemaps.cartocdn.com'),
    maxzoom: 20,
  },
  {
    id: 'openTopoMap',
    labelKey: 'openTopoMap',
    kind: 'raster',
    urls: subdomains('abc', 'https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png'),
    key: null,
    attribution: [OSM, { text: 'SRTM' }, { text: '© OpenTopoMap (CC-BY-SA)', href: 'https://opentopomap.org' }],
    cspHosts: subdomains('abc', 'https://{s}.tile.opentopomap.org'),
    maxzoom: 17,
  },
  {
    id: 'esriImagery',
    labelKey: 'esriImagery',
    kind: 'raster',
    urls: ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
    key: null,
    attribution: [{ text: 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community' }],
    cspHosts: ['https://server.arcgisonline.com'],
    maxzoom: 19,
  },
  mapbox('mapboxStreets', 'streets-v12'),
  mapbox('mapboxSatellite', 'satellite-streets-v12'),
  {
    id: 'mapTiler',
    labelKey: 'mapTiler',
    kind: 'style',
    urls: ['https://api.maptiler.com/maps/streets-v2/style.json?key={key}'],
    key: 'mapTilerKey',
    attribution: [{ text: '© MapTiler', href: 'https://www.maptiler.com/copyright/' }, OSM],
    cspHosts: ['https://api.maptiler.com'],
  },
  google('googleRoad', 'roadmap'),
  google('googleSatellite', 'satellite'),
  {
    id: 'bingRoad',
    labelKey: 'bingRoad',
    kind: 'raster',
    urls: [0, 1, 2, 3].map((server) => `https://t${server}.ssl.ak.dynamic.tiles.virtualearth.net/comp/ch/{quadkey}?mkt=pt-BR&it=G,L&shading=hill&og=2505&n=z`),
    key: 'bingMapsKey',
    attribution: [{ text: '© Microsoft' }],
    cspHosts: [0, 1, 2, 3].map((server) => `https://t${server}.ssl.ak.dynamic.tiles.virtualearth.net`),
    maxzoom: 21,
  },
  {
    id: 'tomTom',
    labelKey: 'tomTom',
    kind: 'style',
    urls: ['https://api.tomtom.com/map/1/style/20.0.0-8/basic_main.json?key={key}'],
    key: 'tomTomKey',
    attribution: [{ text: '© TomTom', href: 'https://www.tomtom.com/' }],
    cspHosts: ['https://api.tomtom.com'],
  },
  {
    id: 'here',
    labelKey: 'here',
    kind: 'style',
    urls: ['https://assets.vector.hereapi.com/styles/berlin/base/mapbox/tilezen?apikey={key}'],
    key: 'hereKey',
    attribution: [{ text: '© HERE', href: 'https://legal.here.com/terms' }],
    cspHosts: ['https://assets.vector.hereapi.com', 'https://vector.hereapi.com'],
  },
  {
    id: 'locationIq',
    labelKey: 'locationIq',
    kind: 'style',
    urls: ['https://tiles.locationiq.com/v3/streets/vector.json?key={key}'],
    key: 'locationIqKey',
    attribution: [{ text: '© LocationIQ', href: 'https://locationiq.com/attribution' }, OSM],
    cspHosts: ['https://tiles.locationiq.com'],
  },
];

/** What a user who chose nothing sees when neither the server nor the configuration names a base map. */
export const DEFAULT_BASE_MAP = 'osm';

/** The ids of the two base maps an installation configures itself (not in the table: their URLs are settings). */
export const CUSTOM_BASE_MAP = 'custom';
export const CONFIGURED_STYLE_BASE_MAP = 'configuredStyle';

/**
 * The keys the server settings hold: attributes by Traccar's names, and Traccar's own `bingKey`
 * field for Bing. The configuration's Mapbox token (MAPBOX_TOKEN, which also makes the map
 * mapbox-gl) wins over the server's, so the engine and the Mapbox styles use one token.
 */
export function mapKeysOf(server: { bingKey?: unknown; attributes?: Record<string, unknown> } | null | undefined, configMapboxToken?: string | null): MapKeys {
  const keys: MapKeys = configMapboxToken?.trim() ? { mapboxAccessToken: configMapboxToken.trim() } : {};
  for (const name of mapKeySettings) {
    if (keys[name]) continue;
    const value = server?.attributes?.[name] ?? (name === 'bingMapsKey' ? server?.bingKey : undefined);
    if (typeof value === 'string' && value.trim()) keys[name] = value.trim();
  }
  return keys;
}

/** A server `mapUrl` with a tile placeholder is a raster template; anything else is a style document. */
export function customKind(url: string): 'raster' | 'style' {
  return /\{(z|quadkey)\}/.test(url) ? 'raster' : 'style';
}

/**
 * The sources on offer with these keys and settings: the table's keyless ones, keyed ones whose
 * key is set (URLs with the key in place), then the configuration's style and the server's `mapUrl`.
 */
export function availableBaseMaps(keys: MapKeys, custom: { mapUrl?: string | null; mapStyleUrl?: string | null } = {}): BaseMapSource[] {
  const offered = baseMapSources.flatMap((source) => {
    if (!source.key) return [source];
    const key = keys[source.key];
    if (!key) return [];
    const fill = (url: string) => url.replaceAll('{key}', encodeURIComponent(key));
    return [{ ...source, urls: source.urls.map(fill), ...(source.session && { session: { ...source.session, url: fill(source.session.url) } }) }];
  });
  const own = (id: string, url: string | null | undefined, kind: 'raster' | 'style'): BaseMapSource[] => {
    const trimmed = url?.trim();
    if (!trimmed) return [];
    const host = originOf(trimmed);
    return [{ id, labelKey: id, kind, urls: [trimmed], key: null, attribution: [], cspHosts: host ? [host] : [] }];
  };
  const mapUrl = custom.mapUrl?.trim();
  return [...offered, ...own(CONFIGURED_STYLE_BASE_MAP, custom.mapStyleUrl, 'style'), ...own(CUSTOM_BASE_MAP, mapUrl, mapUrl ? customKind(mapUrl) : 'raster')];
}

/**
 * The scheme and host (with port) of an absolute http(s) URL or URL template, as a CSP source; a
 * placeholder in the first host label (`{s}.tile.example`) becomes a `*.` wildcard. Undefined for
 * relative URLs (the page's own origin) and anything unparseable.
 */
export function originOf(url: string | null | undefined): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return undefined;
  const [, scheme, authority] = match as unknown as [string, string, string];
  const host = authority.replace(/^\{[^}]*\}(?=\.)/, '*');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)) return undefined;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

/** Every origin the offered base maps fetch from: what the page's CSP allows for the map. */
export function baseMapHosts(sources: readonly BaseMapSource[]): string[] {
  return [...new Set(sources.flatMap((source) => source.cspHosts))];
}
