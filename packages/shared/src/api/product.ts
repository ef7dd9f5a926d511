import { appConfigSchema, remotesManifestSchema } from '../contract/product';
import type { AppConfig, RemotesManifest } from '../contract/product';
import { createHttpClient } from './http';
import type { HttpClient } from './http';

/** SPEC §7: Rastro's own API under /rastro, 30 s timeout. */
export const PRODUCT_API_TIMEOUT_MS = 30_000;

export interface ProductApi {
  readonly http: HttpClient;
  remotes(): Promise<RemotesManifest>;
  config(): Promise<AppConfig>;
}

export function createProductApi(http: HttpClient = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS })): ProductApi {
  return {
    http,
    remotes: async () => remotesManifestSchema.parse(await http.json('/remotes')),
    config: async () => appConfigSchema.parse(await http.json('/assets/custom/config.json')),
  };
}
