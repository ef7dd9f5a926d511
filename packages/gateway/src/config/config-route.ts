import type { FastifyInstance } from 'fastify';
import { requestDomain } from '../product/request-domain';
import { buildAppConfig, type AppConfigDefaults } from './app-config';
import type { TenantDirectory } from './tenants';

/** `GET /rastro/assets/custom/config.json`: the per-domain front-end settings (title, map engine). */
export function registerConfigRoute(app: FastifyInstance, tenants: TenantDirectory, defaults: AppConfigDefaults): void {
  app.get('/assets/custom/config.json', async (request, reply) => {
    const config = buildAppConfig(defaults, tenants.forDomain(requestDomain(request)));
    void reply.header('cache-control', 'no-cache');
    return config;
  });
}
