import { availableBaseMaps, baseMapHosts } from '@rastro/shared/base-maps';
import { contentSecurityPolicy, sourceOf } from './content-security-policy';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('the page Content-Security-Policy', () => {
  it('names the hosts of configured URLs, wildcarding a tile server placeholder, never a relative one', () => {
    expect(sourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(sourceOf('https://Tiles.Example:8443/style.json')).toBe('https://tiles.example:8443');
    expect(sourceOf('/remotes/mf-map/remoteEntry.js')).toBeUndefined();
    expect(sourceOf('javascript:alert(1)')).toBeUndefined();
    expect(sourceOf("https://evil.example'; script-src *")).toBeUndefined();
  });

  it('allows exactly its remotes, map hosts, own socket and blob: workers; nothing framed, no plugins', () => {
    const policy = contentSecurityPolicy({
      remoteEntries: ['/remotes/mf-map/remoteEntry.js', 'https://cdn.reseller.example/mf-fleet/remoteEntry.js'],
      mapStyleUrl: 'https://styles.example/basic.json',
      mapUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      host: 'track.example:8080',
    });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://cdn.reseller.example");
    const keyless = baseMapHosts(availableBaseMaps({})).join(' ');
    expect(directive(policy, 'connect-src')).toBe(`connect-src 'self' ws://track.example:8080 wss://track.example:8080 ${keyless} https://styles.example https://*.tile.example.org https://cdn.reseller.example`);
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('allows the keyless base maps always and a keyed provider only with its key', () => {
    const plain = directive(contentSecurityPolicy({ remoteEntries: [] }), 'img-src')!;
    for (const host of ['https://tile.openstreetmap.org', 'https://tiles.openfreemap.org', 'https://a.basemaps.cartocdn.com', 'https://c.tile.opentopomap.org', 'https://server.arcgisonline.com']) {
      expect(plain).toContain(host);
    }
    expect(plain).not.toMatch(/mapbox|maptiler|googleapis|virtualearth|tomtom|hereapi|locationiq/);
    const keyed = directive(contentSecurityPolicy({ remoteEntries: [], mapKeys: { mapboxAccessToken: 'pk.x', mapTilerKey: 'k' } }), 'connect-src')!;
    expect(keyed).toContain('https://api.mapbox.com https://events.mapbox.com https://*.tiles.mapbox.com');
    expect(keyed).toContain('https://api.maptiler.com');
    expect(keyed).not.toMatch(/googleapis|virtualearth|tomtom|hereapi|locationiq/);
  });
});
