import type { FastifyInstance } from 'fastify';
import type { TenantDirectory } from '../config/tenants';
import { requestDomain } from '../product/request-domain';
import { buildRemotesManifest } from './remotes-manifest';

/** `GET /rastro/remotes`: the shell asks this at start instead of compiling remote URLs in. */
export function registerRemotesRoute(app: FastifyInstance, tenants: TenantDirectory): void {
  app.get('/remotes', async (request, reply) => {
    const manifest = buildRemotesManifest(tenants.forDomain(requestDomain(request)));
    // no-cache: switching a reseller's remote must take effect on the next page load.
    void reply.header('cache-control', 'no-cache');
    return manifest;
  });
}
