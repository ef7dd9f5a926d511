import { availableBaseMaps, baseMapHosts, originOf } from '@rastro/shared/base-maps';
import type { MapKeys } from '@rastro/shared/base-maps';

/** What one domain's page loads from elsewhere than its own origin, as its configuration says. */
export interface PageSources {
  /** The remotes the shell loads (the tenant's manifest): relative entries are the gateway's own. */
  remoteEntries: readonly string[];
  /** Base map style (config.json's mapStyleUrl). */
  mapStyleUrl?: string | null;
  /** The tracking server's raster tile template (`mapUrl`, `{s}`/`{z}`/`{x}`/`{y}` placeholders). */
  mapUrl?: string | null;
  /** The providers' keys the server settings hold (with the configuration's Mapbox token): their base maps are offered. */
  mapKeys?: MapKeys;
  headLogo?: string;
  /** Street view template: the panel frames the provider's page. */
  streetViewUrl?: string;
  /** The page's own host (with port), for the live socket. */
  host?: string;
}

/** The scheme and host of a URL as a CSP source (see originOf). */
export const sourceOf = originOf;

const present = (values: ReadonlyArray<string | undefined>): string[] => [...new Set(values.filter((value): value is string => value !== undefined))];

/**
 * The page's Content-Security-Policy: its own origin, the remotes of its manifest, the hosts of
 * the base maps on offer (shared/src/contract/base-maps.ts, the table the map reads too), its own socket, and blob: workers (the map libraries build theirs from blobs). Inline
 * styles stay allowed: Chakra's emotion writes <style> elements at run time. No inline or eval'd
 * script, no plugins, no framing by other sites, forms post only to the page's own origin.
 */
export function contentSecurityPolicy(sources: PageSources): string {
  const remotes = present(sources.remoteEntries.map(sourceOf));
  // Exactly the hosts of the base maps the switcher offers (keyless ones always, keyed ones with their key).
  const map = baseMapHosts(availableBaseMaps(sources.mapKeys ?? {}, { mapUrl: sources.mapUrl, mapStyleUrl: sources.mapStyleUrl }));
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
