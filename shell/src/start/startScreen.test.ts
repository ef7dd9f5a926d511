import { startScreen } from './startScreen';

describe('the first screen', () => {
  it('opens the login, the driver login and a share link without the app', () => {
    expect(startScreen('/login', { remembered: false })).toEqual({ kind: 'login', mode: 'login' });
    expect(startScreen('/login/', { remembered: false })).toEqual({ kind: 'login', mode: 'login' });
    expect(startScreen('/motorista', { remembered: false })).toEqual({ kind: 'login', mode: 'driver' });
    expect(startScreen('/share/a%20b', { remembered: false })).toEqual({ kind: 'login', mode: 'share', token: 'a b' });
  });

  it('loads the app at once when remembered credentials sign in, except for a share link, which signs in as its own user', () => {
    expect(startScreen('/login', { remembered: true })).toEqual({ kind: 'app' });
    expect(startScreen('/motorista', { remembered: true })).toEqual({ kind: 'app' });
    expect(startScreen('/share/tok', { remembered: true })).toEqual({ kind: 'login', mode: 'share', token: 'tok' });
  });

  it('loads the app for every other address, whose route guard decides', () => {
    for (const path of ['/', '/home', '/devices/7', '/login/recover', '/login/recover/abc', '/register', '/maintenance', '/qr-driver', '/share/']) {
      expect(startScreen(path, { remembered: false })).toEqual({ kind: 'app' });
    }
  });
});
