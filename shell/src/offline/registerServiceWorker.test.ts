import { urlsToCache } from './registerServiceWorker';

describe('what the first visit hands the new service worker', () => {
  it("keeps the answers and remote files it would have cached, other origins' scripts as the page fetched them", () => {
    const origin = 'https://fleet.example';
    expect(
      urlsToCache(
        [
          `${origin}/api/devices`,
          `${origin}/api/devices`,
          `${origin}/api/reports/route`,
          `${origin}/remotes/mf-map/mf-manifest.json`,
          'https://cdn.example/mf-map/mf-manifest.json',
          'https://cdn.example/mf-map/remoteEntry.0a1b2c3d4e.js',
          'https://tile.example/1/2/3.png',
          'data:image/png;base64,AAAA',
        ],
        origin,
      ),
    ).toEqual([
      `${origin}/api/devices`,
      `${origin}/remotes/mf-map/mf-manifest.json`,
      'https://cdn.example/mf-map/mf-manifest.json',
      ['https://cdn.example/mf-map/remoteEntry.0a1b2c3d4e.js', { mode: 'no-cors' }],
    ]);
  });
});
