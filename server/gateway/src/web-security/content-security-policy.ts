/** What one domain's page loads from elsewhere than its own origin, as its configuration says. */
export interface PageSources {
  /** The remotes the shell loads (the tenant's manifest): relative entries are the gateway's own. */
  remoteEntries: readonly string[];
  /** Base map style (config.json's mapStyleUrl). */
  mapStyleUrl?: string | null;
  /** The tracking server's raster tile template (`mapUrl`, `{s}`/`{z}`/`{x}`/`{y}` placeholders). */
  mapUrl?: string | null;
  /** With a Mapbox token the map is mapbox-gl, which talks to Mapbox's hosts. */
  mapboxToken?: string | null;
  headLogo?: string;
  /** Street view template: the panel frames the provider's page. */
  streetViewUrl?: string;
  /** The page's own host (with port), for the live socket. */
  host?: string;
}

/** Mapbox's style, tile and event hosts, only when a token makes the map mapbox-gl. */
const MAPBOX_SOURCES = ['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com'];

/**
 * The scheme and host (with port) of an absolute http(s) URL or URL template, as a CSP source;
 * a placeholder in the first host label (`{s}.tile.example`) becomes a `*.` wildcard. Undefined
 * for relative URLs (the page's own origin) and anything unparseable.
 */
export function sourceOf(url: string | null | undefined): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return undefined;
  const [, scheme, authority] = match as unknown as [string, string, string];
  const host = authority.replace(/^\{[^}]*\}(?=\.)/, '*');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)) return undefined;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

const present = (values: ReadonlyArray<string | undefined>): string[] => [...new Set(values.filter((value): value is string => value !== undefined))];

/**
 * The page's Content-Security-Policy: its own origin, the remotes of its manifest, the configured
 * map hosts, its own socket, and blob: workers (the map libraries build theirs from blobs). Inline
 * styles stay allowed: Chakra's emotion writes <style> elements at run time. No inline or eval'd
 * script, no plugins, no framing by other sites, forms post only to the page's own origin.
 */
export function contentSecurityPolicy(sources: PageSources): string {
  const remotes = present(sources.remoteEntries.map(sourceOf));
  const map = present([sourceOf(sources.mapStyleUrl), sourceOf(sources.mapUrl), ...(sources.mapboxToken ? MAPBOX_SOURCES : [])]);
  const socket = sources.host && /^[a-z0-9.:[\]-]+$/i.test(sources.host) ? [`ws://${sources.host}`, `wss://${sources.host}`] : [];
  const frames = present([sourceOf(sources.streetViewUrl)]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...remotes]],
    ['style-src', ["'self'", "'unsafe-inline'", ...remotes]],
    ['img-src', ["'self'", 'data:', 'blob:', ...map, ...present([sourceOf(sources.headLogo)]), ...remotes]],
    ['font-src', ["'self'", 'data:', ...remotes]],
    ['connect-src', ["'self'", ...socket, ...map, ...remotes]],
    ['worker-src', ["'self'", 'blob:']],
    ['child-src', ["'self'", 'blob:']],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}
