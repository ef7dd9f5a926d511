import path from 'node:path';

/**
 * Files whose name never changes between builds must be revalidated on every load, or a browser
 * keeps an old shell or an old remote manifest after a deploy. Content-hashed files change name
 * when they change, so they can be cached for a year and never asked for again.
 */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

// A webpack content hash in the name: `322.b25faa9897.js`, `main-3f2a9c1d.css`, `0a1b2c3d4e5f.woff2`.
const CONTENT_HASH = /(?:^|[.-])[0-9a-f]{8,}\./i;

export const REVALIDATE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return REVALIDATE;
  // Production builds hash every script, entries included (`main.<hash>.js`,
  // `remoteEntry.<hash>.js`), but also emit fixed names (`mf-manifest-stats.json`, icons): caching
  // those as immutable would pin a stale copy after a deploy, so only hashed names get the long cache.
  return CONTENT_HASH.test(name) ? IMMUTABLE : REVALIDATE;
}
