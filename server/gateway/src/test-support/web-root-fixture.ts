import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WebRootFixture {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A tiny stand-in for the built apps: a shell and some remotes, each with the file kinds the
 * gateway treats differently (index.html, manifests, hashed entries and chunks, fixed names), named
 * as a production build names them.
 * Remotes left out of `remotes` have no dist folder at all, like an app that was never built.
 */
export async function createWebRootFixture(remotes: string[] = ['mf-map', 'mf-fleet']): Promise<WebRootFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rastro-gateway-web-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>Rastro shell</title><div id="root"></div>',
    'shell/dist/main.d02e140592.js': 'console.log("shell main")',
    'shell/dist/favicon.ico': 'icon',
    'shell/dist/sw.js': 'self.addEventListener("fetch", () => undefined)',
    'shell/dist/322.b25faa9897.js': 'console.log("shell chunk")',
  };
  for (const remote of remotes) {
    files[`${remote}/dist/mf-manifest.json`] = JSON.stringify({ id: remote, name: remote.replace('-', '_') });
    files[`${remote}/dist/mf-stats.json`] = '{}';
    files[`${remote}/dist/remoteEntry.ebc523bdbb.js`] = `/* ${remote} entry */`;
    files[`${remote}/dist/103.2a9f83c7c0.js`] = `/* ${remote} chunk */`;
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
