// The shell's only door to Module Federation. Unit tests mock the runtime; Playwright tests the real thing.
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import * as sharedCore from '@rastro/shared/core';
import * as sharedWhole from '@rastro/shared';
import type { AreaParcel, RemoteEntry } from '@rastro/shared';
import * as eventemitter3 from 'eventemitter3';
import * as i18next from 'i18next';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactI18next from 'react-i18next';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as singleSpa from 'single-spa';
import * as singleSpaReact from 'single-spa-react';
import * as zustand from 'zustand';

/** How long a remote gets to deliver its manifest and entry before its area shows an error. */
export const REMOTE_LOAD_TIMEOUT_MS = 30_000;

/**
 * The instances this page already runs, for every library a remote consumes as a singleton
 * (build/src/index.cjs SINGLETONS; a unit test keeps the two lists equal). The shell is built
 * without the federation plugin, so the login carries no federation runtime; this module, loaded
 * with the layout after sign-in, starts the runtime and hands the remotes these very modules: one
 * React, one Chakra system and emotion cache (inside @rastro/shared), one bus and set of stores.
 */
export const sharedInstances: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  zustand,
  i18next,
  'react-i18next': ReactI18next,
  eventemitter3,
  'single-spa': singleSpa,
  'single-spa-react': singleSpaReact,
  '@rastro/shared/core': sharedCore,
  '@rastro/shared': sharedWhole,
};

/** The installed versions the build recorded; outside a webpack build (unit tests) React's own. */
const versions: Record<string, string> = typeof __RASTRO_SINGLETON_VERSIONS__ === 'undefined' ? {} : __RASTRO_SINGLETON_VERSIONS__;

/** The runtime's `shared` option: every instance as loaded, a singleton any version satisfies (as the remotes ask). */
export function sharedOptions() {
  return Object.fromEntries(
    Object.entries(sharedInstances).map(([name, instance]) => [
      name,
      { version: versions[name] ?? React.version, lib: () => instance, loaded: true, shareConfig: { singleton: true, requiredVersion: false as const } },
    ]),
  );
}

let started = false;

/** Starts the federation runtime once, before the first remote is registered. */
function startFederation(): void {
  if (started) return;
  started = true;
  // 'loaded-first': a remote takes the instance already running, never its own copy.
  init({ name: 'shell', remotes: [], shared: sharedOptions(), shareStrategy: 'loaded-first' });
}

export function registerTenantRemotes(remotes: RemoteEntry[], options: { force?: boolean } = {}): void {
  startFederation();
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
  startFederation();
  const module = await withTimeout(loadRemote<Record<string, AreaParcel>>(`${remote}/${area}`), timeoutMs, `${remote}/${area}`);
  const parcel = module?.[area];
  if (!parcel) throw new Error(`${remote} does not expose the area "${area}"`);
  return parcel;
}
