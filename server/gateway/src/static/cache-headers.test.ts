import { cacheControlFor, IMMUTABLE, REVALIDATE } from './cache-headers';

describe('cacheControlFor', () => {
  it.each(['index.html', 'sw.js', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', '/x/dist/remoteEntry.js'])(
    'revalidates %s, whose name is the same in every build',
    (file) => expect(cacheControlFor(file)).toBe(REVALIDATE),
  );

  it.each(['main.d02e140592.js', 'remoteEntry.ebc523bdbb.js', '322.b25faa9897.js', '322.b25faa9897.js.map', 'main-3f2a9c1d.css', '0a1b2c3d4e5f.woff2'])(
    'caches %s for a year: its name carries a content hash',
    (file) => expect(cacheControlFor(file)).toBe(IMMUTABLE),
  );

  it.each(['main.js', 'mf-manifest-stats.json', 'favicon.ico'])('revalidates %s: a fixed name with no hash', (file) =>
    expect(cacheControlFor(file)).toBe(REVALIDATE),
  );
});
