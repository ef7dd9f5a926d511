import { statSync } from 'node:fs';
import path from 'node:path';
import { remoteNames } from '@rastro/shared/contract';
import { remoteDirs } from '../remotes/remote-dirs';

/** The repository's top level, where each app's folder gets its `dist` after `pnpm build`. */
export const defaultWebRoot = path.resolve(__dirname, '..', '..', '..', '..');

export interface StaticSite {
  /** Where the site is served, with a trailing slash. */
  urlPrefix: string;
  /** Its build folder. */
  root: string;
  /** False when the app has not been built: the gateway still starts, and answers 404 there. */
  exists: boolean;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export function shellSite(webRoot: string): StaticSite {
  const root = path.join(webRoot, 'shell', 'dist');
  return { urlPrefix: '/', root, exists: isDirectory(root) };
}

export function remoteSites(webRoot: string): StaticSite[] {
  return remoteNames.map((name) => {
    const root = path.join(webRoot, remoteDirs[name], 'dist');
    return { urlPrefix: `/remotes/${remoteDirs[name]}/`, root, exists: isDirectory(root) };
  });
}
