import { TILE_FAILURES_BEFORE_FALLBACK, watchBaseMap } from './baseMapFallback';

const tileFailed = { sourceId: 'base-osm', tile: {}, error: new Error('Failed to fetch') };
const tileArrived = { sourceId: 'base-osm', tile: {} };

describe('giving the base map up for the offline style', () => {
  it('falls back once its tiles keep failing, and ignores whatever the given-up tiles answer later', () => {
    const watch = watchBaseMap(['base-osm']);
    const verdicts = Array.from({ length: TILE_FAILURES_BEFORE_FALLBACK + 5 }, () => watch.error(tileFailed));
    expect(verdicts.filter((verdict) => verdict === 'fallBack')).toHaveLength(1);
    expect(verdicts[TILE_FAILURES_BEFORE_FALLBACK - 1]).toBe('fallBack');
    expect(verdicts.slice(TILE_FAILURES_BEFORE_FALLBACK)).toEqual(Array(5).fill('ignore'));
    // A tile arriving after all is no way back: the map does not flap between the two.
    watch.data(tileArrived);
    expect(Array.from({ length: TILE_FAILURES_BEFORE_FALLBACK }, () => watch.error(tileFailed))).not.toContain('fallBack');
    expect(watch.fellBack()).toBe(true);
  });

  it('keeps tiles that mostly arrive: a tile arriving forgives the failures before it', () => {
    const watch = watchBaseMap(['base-osm']);
    for (let round = 0; round < 10; round++) {
      for (let failure = 1; failure < TILE_FAILURES_BEFORE_FALLBACK; failure++) expect(watch.error(tileFailed)).toBe('ignore');
      watch.data(tileArrived);
    }
    // Data of Rastro's own sources says nothing about the base tiles.
    for (let failure = 1; failure < TILE_FAILURES_BEFORE_FALLBACK; failure++) watch.error(tileFailed);
    watch.data({ sourceId: 'rastro-fleet', tile: {} });
    watch.data({ sourceId: 'base-osm' });
    expect(watch.error(tileFailed)).toBe('fallBack');
  });

  it("leaves the offline style, a base map switched away from and errors of Rastro's own sources alone", () => {
    const offline = watchBaseMap([]);
    expect(offline.error(tileFailed)).toBe('ignore');
    expect(offline.error({ error: new Error('no sprite') })).toBe('notBaseMap');
    const watch = watchBaseMap(['openmaptiles']);
    for (let i = 0; i < 10; i++) {
      expect(watch.error({ sourceId: 'rastro-fleet', error: new Error('bad data') })).toBe('notBaseMap');
      expect(watch.error(tileFailed)).toBe('ignore');
    }
    expect(watch.fellBack()).toBe(false);
  });
});
