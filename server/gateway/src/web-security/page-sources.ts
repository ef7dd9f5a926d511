import type { FastifyRequest } from 'fastify';
import { mapKeysOf } from '@rastro/shared/base-maps';
import type { AppConfigDefaults } from '../config/app-config';
import type { ServerSettings } from '../policy/server-settings';
import { requestDomain } from '../product/request-domain';
import { buildRemotesManifest } from '../remotes/remotes-manifest';
import type { TenantResolver } from '../tenants/tenant-resolver';
import type { PageSources } from './content-security-policy';

/** What a domain's page loads, from the same settings its config.json and remotes manifest are built from. */
export function pageSourcesOf(tenants: TenantResolver, defaults: AppConfigDefaults, server: ServerSettings): (request: FastifyRequest) => Promise<PageSources> {
  return async (request) => {
    let domain: string | undefined;
    try {
      domain = requestDomain(request);
    } catch {
      // A malformed Host gets the default tenant's page (and the API refuses it with 400).
      domain = undefined;
    }
    const tenant = await tenants.forDomain(domain);
    const config = { ...defaults, ...tenant.config };
    // Without the tracking server there are no server tiles or keys to allow: the map offers the keyless base maps.
    const settings = await server.get().catch(() => null);
    return {
      remoteEntries: buildRemotesManifest(tenant).remotes.map((remote) => remote.entry),
      mapStyleUrl: config.mapStyleUrl,
      mapUrl: settings?.mapUrl,
      mapKeys: mapKeysOf(settings, config.mapboxToken),
      headLogo: config.headLogo ?? undefined,
      streetViewUrl: config.streetViewUrl ?? undefined,
      host: request.headers.host,
    };
  };
}
