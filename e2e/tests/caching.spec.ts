import { expect, test } from './fixtures';
import { signIn } from './demo';

const HASHED_ENTRY = /\/(?:main|remoteEntry)\.[0-9a-f]{10}\.js$/;
const YEAR = 'public, max-age=31536000, immutable';

test('a deploy is picked up at the next load: pages and manifests revalidate, every script is hashed and kept', async ({ page }) => {
  const answers = new Map<string, string | undefined>();
  page.on('response', (response) => answers.set(new URL(response.url()).pathname, response.headers()['cache-control']));
  await signIn(page, '/devices');
  await expect(page.getByTestId('device-list')).toBeVisible();

  const paths = [...answers.keys()];
  const entries = paths.filter((path) => HASHED_ENTRY.test(path));
  // The shell's main bundle, named by index.html, and the remoteEntry of the map and the fleet,
  // named by their mf-manifest.json.
  expect(entries.filter((path) => path.startsWith('/main.'))).toHaveLength(1);
  expect(entries.filter((path) => /^\/remotes\/mf-(map|fleet)\/remoteEntry\./.test(path))).toHaveLength(2);
  for (const path of paths.filter((path) => path.endsWith('.js'))) expect([path, answers.get(path)]).toEqual([path, YEAR]);

  expect(answers.get('/devices')).toBe('no-cache');
  for (const path of paths.filter((path) => path.endsWith('/mf-manifest.json'))) expect([path, answers.get(path)]).toEqual([path, 'no-cache']);
});
