import { decideRoute, safeReturnPath } from './guard';
import type { GuardInput } from './guard';

const visit = (pathname: string, state: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, search: '', session: 'anonymous', server: 'ready', ...state });

describe('route guard decisions (SPEC §2)', () => {
  it('always allows the maintenance page, even with the server down', () => {
    expect(visit('/maintenance', { server: 'failed' })).toEqual({ kind: 'allow' });
    expect(visit('/maintenance', { session: 'unknown', server: 'loading' })).toEqual({ kind: 'allow' });
  });

  it('sends everyone else to maintenance when server info cannot be loaded', () => {
    expect(visit('/login', { server: 'failed' })).toEqual({ kind: 'redirect', to: '/maintenance' });
    expect(visit('/devices', { session: 'user', server: 'failed' })).toEqual({ kind: 'redirect', to: '/maintenance' });
  });

  it('allows public routes while server info is still loading, without checking the session', () => {
    for (const path of ['/login', '/register', '/login/recover', '/login/recover/abc123', '/motorista', '/share/tok']) {
      expect(visit(path, { session: 'unknown', server: 'loading' })).toEqual({ kind: 'allow' });
    }
  });

  it('allows an authenticated user while server info is still loading', () => {
    expect(visit('/devices', { session: 'user', server: 'loading' })).toEqual({ kind: 'allow' });
    expect(visit('/reports/trips', { session: 'user' })).toEqual({ kind: 'allow' });
  });

  it('checks the session before opening a session route', () => {
    expect(visit('/devices/7', { session: 'unknown' })).toEqual({ kind: 'check-session' });
    expect(visit('/qr-driver', { session: 'unknown', server: 'loading' })).toEqual({ kind: 'check-session' });
  });

  it('sends a visitor without a session to log in, remembering the path and query', () => {
    expect(visit('/devices/7', { search: '?expand=true' })).toEqual({ kind: 'redirect', to: '/login?to=%2Fdevices%2F7%3Fexpand%3Dtrue' });
    expect(visit('/home')).toEqual({ kind: 'redirect', to: '/login?to=%2Fhome' });
  });

  it('sends a driver route to the driver login', () => {
    expect(visit('/qr-driver')).toEqual({ kind: 'redirect', to: '/motorista?to=%2Fqr-driver' });
    expect(visit('/qr-driver/scan/12')).toEqual({ kind: 'redirect', to: '/motorista?to=%2Fqr-driver%2Fscan%2F12' });
  });

  it('keeps a QR driver on the driver screens', () => {
    expect(visit('/devices', { session: 'driver' })).toEqual({ kind: 'redirect', to: '/qr-driver' });
    expect(visit('/qr-driver/scan/3', { session: 'driver' })).toEqual({ kind: 'allow' });
    expect(visit('/login', { session: 'driver' })).toEqual({ kind: 'allow' });
  });

  it('sends unknown paths to /home', () => {
    expect(visit('/xyz', { session: 'user' })).toEqual({ kind: 'redirect', to: '/home' });
    expect(visit('/devicesx')).toEqual({ kind: 'redirect', to: '/home' });
  });
});

describe('return path after login', () => {
  it('follows only known, same-site screens behind the login', () => {
    expect(safeReturnPath('/devices/3')).toBe('/devices/3');
    expect(safeReturnPath('/reports/trips?from=1')).toBe('/reports/trips?from=1');
    expect(safeReturnPath('//evil.example')).toBe('/home');
    expect(safeReturnPath('https://evil.example')).toBe('/home');
    expect(safeReturnPath('/login')).toBe('/home');
    expect(safeReturnPath('/nowhere')).toBe('/home');
    expect(safeReturnPath(null, '/qr-driver')).toBe('/qr-driver');
  });
});
