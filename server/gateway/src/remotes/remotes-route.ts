import type { FastifyInstance } from 'fastify';
import { remotesManifestSchema } from '@rastro/shared/contract';
import type { ProductRoutes } from '../product/product-routes';
import { requestDomain } from '../product/request-domain';
import type { TenantResolver } from '../tenants/tenant-resolver';
import { buildRemotesManifest } from './remotes-manifest';

/** `GET /rastro/remotes`: the shell asks this at start instead of compiling remote URLs in. */
export function registerRemotesRoute(app: FastifyInstance, routes: ProductRoutes, tenants: TenantResolver): void {
  const spec = { method: 'GET', path: '/remotes', summary: "This domain's remotes (Module Federation manifests)", tag: 'White label', public: true, response: remotesManifestSchema } as const;
  routes.add(app, spec, async ({ request, reply }) => {
    const manifest = buildRemotesManifest(await tenants.forDomain(requestDomain(request)));
    // no-cache: switching a reseller's remote must take effect on the next page load.
    void reply.header('cache-control', 'no-cache');
    return manifest;
  });
}
