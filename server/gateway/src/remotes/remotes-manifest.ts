import { remoteNames, remotesManifestSchema, type RemotesManifest } from '@rastro/shared/contract';
import type { ResolvedTenant } from '../tenants/tenant-layers';
import { defaultRemoteEntry } from './remote-dirs';

/**
 * The remotes one domain's shell registers, in the shell's fixed order. A remote the tenant does
 * not mention is on at the gateway's own build; `enabled: false` leaves it out, so the shell never
 * loads it; `entry` points it at another build.
 */
export function buildRemotesManifest(tenant: ResolvedTenant): RemotesManifest {
  const remotes = remoteNames.flatMap((name) => {
    const setting = tenant.remotes[name];
    if (setting && !setting.enabled) return [];
    return [{ name, entry: setting?.entry ?? defaultRemoteEntry(name) }];
  });
  return remotesManifestSchema.parse({ remotes });
}
