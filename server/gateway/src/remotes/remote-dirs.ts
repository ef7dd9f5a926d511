import type { RemoteName } from '@rastro/shared/contract';

/**
 * Where each remote's build lives: `<webRoot>/<dir>/dist`, served at `/remotes/<dir>/`.
 * Module Federation names use underscores (they become JS identifiers); folders and URLs use dashes.
 */
export const remoteDirs: Readonly<Record<RemoteName, string>> = {
  mf_map: 'mf-map',
  mf_fleet: 'mf-fleet',
  mf_reports: 'mf-reports',
  mf_billing: 'mf-billing',
  mf_admin: 'mf-admin',
};

/** The URL the gateway itself serves a remote's manifest at, unless a tenant points it elsewhere. */
export function defaultRemoteEntry(name: RemoteName): string {
  return `/remotes/${remoteDirs[name]}/mf-manifest.json`;
}
