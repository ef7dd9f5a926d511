import { cacheKindFor, NOT_APP_PAGES } from './cacheRules';

const origin = 'https://fleet.example';
const kind = (href: string, method = 'GET') => cacheKindFor(new URL(href, origin), method, origin);

describe('what the service worker keeps', () => {
  it.each(['/api/session', '/api/server', '/api/devices', '/api/positions', '/api/geofences', '/rastro/remotes', '/rastro/theme', '/api/positions?id=4&id=9'])(
    'keeps %s, which an offline reload starts from',
    (path) => expect(kind(path)).toBe('api'),
  );

  it.each(['/api/reports/route?deviceId=1', '/api/positions?deviceId=1&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', '/api/positions/kml', '/api/socket', '/rastro/health', '/rastro/logs', '/rastro/push/subscription'])(
    'never keeps %s',
    (path) => expect(kind(path)).toBeNull(),
  );

  it('keeps no write', () => expect(kind('/api/devices', 'POST')).toBeNull());

  it("keeps a remote's manifest and hashed files from its own origin or the gateway's /remotes", () => {
    expect(kind('https://cdn.reseller.example/mf-map/mf-manifest.json')).toBe('remote-manifest');
    expect(kind('/remotes/mf-map/mf-manifest.json')).toBe('remote-manifest');
    expect(kind('https://cdn.reseller.example/mf-map/remoteEntry.0a1b2c3d4e.js')).toBe('hashed-asset');
    expect(kind('/remotes/mf-map/722.b25faa9897.js')).toBe('hashed-asset');
  });

  it('leaves files with fixed names, and map tiles, to the network', () => {
    expect(kind('https://cdn.reseller.example/mf-map/remoteEntry.js')).toBeNull();
    expect(kind('https://tile.example/12/1300/2200.png')).toBeNull();
  });

  it("never answers the gateway's own routes with the app's page", () => {
    expect(NOT_APP_PAGES.test('/api/server')).toBe(true);
    expect(NOT_APP_PAGES.test('/remotes/mf-map/index.html')).toBe(true);
    expect(NOT_APP_PAGES.test('/devices/7')).toBe(false);
    expect(NOT_APP_PAGES.test('/rastrear')).toBe(false);
  });
});
