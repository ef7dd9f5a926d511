/**
 * Whether a path fits a route pattern of the table, as react-router's `matchPath({ path, end: true })`
 * decides (a test holds the two equal): static segments (any case, a trailing slash allowed),
 * `:name` for one segment, `/*` for the route's children. Written here because the login asks
 * it (the return path after sign-in, the remembered sign-in) before react-router is downloaded:
 * react-router's one bundle cannot be tree-shaken to its matcher (README, "Front-end weight").
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const splat = pattern.endsWith('*');
  const source = pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/([^\\/]+)');
  const tail = splat ? (source === '/' ? '(.*)' : '(?:\\/(.+)|\\/*)') : '\\/*';
  return new RegExp(`^${source}${tail}$`, 'i').test(pathname);
}
