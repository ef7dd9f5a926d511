import type { FastifyInstance } from 'fastify';
import type { AppConfigDefaults } from '../config/app-config';
import { registerConfigRoute } from '../config/config-route';
import type { TenantDirectory } from '../config/tenants';
import { registerHealthRoute } from '../health/health-route';
import { registerRemotesRoute } from '../remotes/remotes-route';
import { ApiError, installApiErrorHandling } from './api-errors';

export interface ProductApiOptions {
  tenants: TenantDirectory;
  appConfigDefaults: AppConfigDefaults;
  traccarUrl: string;
  startedAt: number;
}

/** Everything under `/rastro`: registered as its own scope so its JSON error handling stays inside. */
export async function productApi(app: FastifyInstance, options: ProductApiOptions): Promise<void> {
  installApiErrorHandling(app);
  registerRemotesRoute(app, options.tenants);
  registerConfigRoute(app, options.tenants, options.appConfigDefaults);
  registerHealthRoute(app, options.traccarUrl, options.startedAt);
  // Claim the whole /rastro space explicitly, so an unknown product path is a JSON 404 and never
  // falls through to the static site (which would answer the shell's index.html).
  const notFound = (request: { method: string; url: string }): never => {
    throw new ApiError(404, 'NOT_FOUND', `No ${request.method} ${request.url.split('?')[0]}`);
  };
  app.all('/', async (request) => notFound(request));
  app.all('/*', async (request) => notFound(request));
}
