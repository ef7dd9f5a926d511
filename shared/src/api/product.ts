import { trustUnlockResultSchema } from '../contract/account-state';
import type { TrustUnlockRequest, TrustUnlockResult } from '../contract/account-state';
import { appConfigSchema, remotesManifestSchema } from '../contract/product';
import type { AppConfig, RemotesManifest } from '../contract/product';
import { userSchema } from '../contract/traccar';
import type { User } from '../contract/traccar';
import { createHttpClient } from './http';
import type { HttpClient } from './http';

/** SPEC §7: Rastro's own API under /rastro, 30 s timeout. */
export const PRODUCT_API_TIMEOUT_MS = 30_000;

export interface ProductApi {
  readonly http: HttpClient;
  remotes(): Promise<RemotesManifest>;
  config(): Promise<AppConfig>;
  /** Signs the browser in as a share link's temporary user (`/share/<token>`); 403 INVALID_SHARE when expired. */
  shareLogin(token: string): Promise<User>;
  /**
   * A suspended account's one-time trust unlock, asked with the credentials it could not log in with;
   * the answer signs the browser in (its session cookie) until `trustEndsAt`.
   */
  trustUnlock(credentials: TrustUnlockRequest): Promise<TrustUnlockResult>;
  /** Back from "log in as" with the way-back token its answer carried: the browser's session is the original account's again. 403 WAY_BACK_INVALID once used, signed out or expired. */
  wayBack(token: string): Promise<User>;
}

export function createProductApi(http: HttpClient = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS })): ProductApi {
  return {
    http,
    remotes: async () => remotesManifestSchema.parse(await http.json('/remotes')),
    config: async () => appConfigSchema.parse(await http.json('/assets/custom/config.json')),
    shareLogin: async (token) => userSchema.parse(await http.json('/shares/login', { method: 'POST', json: { token } })),
    trustUnlock: async (credentials) => trustUnlockResultSchema.parse(await http.json('/billing/trust-unlock', { method: 'POST', json: credentials })),
    wayBack: async (token) => userSchema.parse(await http.json('/session/way-back', { method: 'POST', json: { token } })),
  };
}
