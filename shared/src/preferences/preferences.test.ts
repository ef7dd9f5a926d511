import { SESSION_MARKER_LENGTH, clearPreference, ensureSessionMarker, preferenceKeys, randomSessionMarker, readPreference, writePreference } from './preferences';

beforeEach(() => window.localStorage.clear());

describe('browser-stored preferences (SPEC §3)', () => {
  it('keep the SPEC names as localStorage keys', () => {
    expect(preferenceKeys).toMatchObject({ isMuted: 'isMuted', groupPref: 'groupPref', mapPref: 'mapPref', query: 'query' });
  });

  it('read back what was written, with its type', () => {
    writePreference('isMuted', true);
    writePreference('query', 'van 12');
    writePreference('rememberMe', { email: 'ana@x', password: 'secret' });
    expect(readPreference('isMuted')).toBe(true);
    expect(readPreference('query')).toBe('van 12');
    expect(readPreference('rememberMe')).toEqual({ email: 'ana@x', password: 'secret' });
  });

  it('read a missing, malformed or mistyped value as absent', () => {
    expect(readPreference('mapPref')).toBeUndefined();
    window.localStorage.setItem('isMuted', '{not json');
    expect(readPreference('isMuted')).toBeUndefined();
    window.localStorage.setItem('rememberMe', JSON.stringify({ email: 'ana@x' }));
    expect(readPreference('rememberMe')).toBeUndefined();
  });

  it('forget a cleared preference', () => {
    writePreference('rememberMe', { email: 'ana@x', password: 'secret' });
    clearPreference('rememberMe');
    expect(window.localStorage.getItem('rememberMe')).toBeNull();
  });

  it('survive a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writePreference('isMuted', true, refusing)).not.toThrow();
    expect(() => clearPreference('isMuted', refusing)).not.toThrow();
  });
});

describe('session marker', () => {
  it('is 20 letters and digits, different each time', () => {
    const marker = randomSessionMarker();
    expect(marker).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(SESSION_MARKER_LENGTH).toBe(20);
    expect(randomSessionMarker()).not.toBe(marker);
  });

  it('is created once and then kept', () => {
    const first = ensureSessionMarker();
    expect(ensureSessionMarker()).toBe(first);
    expect(readPreference('sessionMarker')).toBe(first);
  });
});

describe('mapPref (SPEC §2 layer toggle)', () => {
  it('keeps the layer choices and drops what is not a layer choice', () => {
    writePreference('mapPref', { names: false, precision: true });
    expect(readPreference('mapPref')).toEqual({ names: false, precision: true });
    window.localStorage.setItem('mapPref', JSON.stringify('satellite'));
    expect(readPreference('mapPref')).toBeUndefined();
  });

  it('keeps the base map chosen in the switcher beside the layers, and drops unknown keys', () => {
    window.localStorage.setItem('mapPref', JSON.stringify({ names: true, baseMap: 'cartoDark', zoomLevel: 4 }));
    expect(readPreference('mapPref')).toEqual({ names: true, baseMap: 'cartoDark' });
  });
});
