// The shell's only door to Module Federation. Unit tests mock this module; Playwright tests the real thing.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AreaParcel, RemoteEntry } from '@rastro/shared';

/** How long a remote gets to deliver its manifest and entry before its area shows an error. */
export const REMOTE_LOAD_TIMEOUT_MS = 30_000;

export function registerTenantRemotes(remotes: RemoteEntry[], options: { force?: boolean } = {}): void {
  registerRemotes(
    remotes.map(({ name, entry }) => ({ name, entry: new URL(entry, window.location.href).href })),
    { force: options.force ?? false },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Loads `<remote>/<area>`: the parcel config the remote made with `defineRemote`. */
export async function loadAreaParcel(remote: string, area: string, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<AreaParcel> {
  const module = await withTimeout(loadRemote<Record<string, AreaParcel>>(`${remote}/${area}`), timeoutMs, `${remote}/${area}`);
  const parcel = module?.[area];
  if (!parcel) throw new Error(`${remote} does not expose the area "${area}"`);
  return parcel;
}
