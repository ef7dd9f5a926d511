import { matchPath } from 'react-router';
import { matchesPattern } from './pathPattern';
import { routeTable, SHARE_ROUTE } from './routeTable';

const paths = [
  '/',
  '/home',
  '/HOME',
  '/home/',
  '/homex',
  '/devices',
  '/devices/7',
  '/devices/7/',
  '/devices/7/edit',
  '/devices//',
  '//devices',
  '/reports',
  '/reports/',
  '/reports/trips',
  '/reports/trips/summary',
  '/reportsx',
  '/login/recover',
  '/login/recover/abc123',
  '/qr-driver/scan/12',
  '/share/tok',
  '/share/',
  '/autolink/3',
  '/a.b',
];

describe('route patterns', () => {
  it("decides every pattern of the table as react-router's matchPath does", () => {
    for (const { path: pattern } of [...routeTable, { path: SHARE_ROUTE }]) {
      for (const path of paths) {
        expect([pattern, path, matchesPattern(pattern, path)]).toEqual([pattern, path, matchPath({ path: pattern, end: true }, path) !== null]);
      }
    }
  });
});
