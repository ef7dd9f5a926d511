import { createHttpClient, PRODUCT_API_TIMEOUT_MS, TRACKING_API_TIMEOUT_MS, userSchema } from '@rastro/shared';
import type { HttpClient, User } from '@rastro/shared';
import { resellerListSchema, resellerSchema, resellerUsageSchema } from '@rastro/shared/contract';
import type { Reseller, ResellerUpdate, ResellerUsage } from '@rastro/shared/contract';

export interface ResellersApi {
  list(): Promise<Reseller[]>;
  usage(domain: string): Promise<ResellerUsage>;
  save(domain: string, update: ResellerUpdate): Promise<Reseller>;
  remove(domain: string): Promise<void>;
  /** The users the caller sees (owners to choose from, their reseller attributes). */
  users(): Promise<User[]>;
  /** Replaces one user as a whole (`PUT /api/users/{id}`): the owner's reseller attributes. */
  saveUser(user: User): Promise<User>;
}

export function createResellersApi(
  product: HttpClient = createHttpClient({ baseUrl: '/rastro', timeoutMs: PRODUCT_API_TIMEOUT_MS }),
  tracking: HttpClient = createHttpClient({ baseUrl: '/api', timeoutMs: TRACKING_API_TIMEOUT_MS }),
): ResellersApi {
  const path = (domain: string) => `/resellers/${encodeURIComponent(domain)}`;
  return {
    list: async () => resellerListSchema.parse(await product.json('/resellers')).resellers,
    usage: async (domain) => resellerUsageSchema.parse(await product.json(`${path(domain)}/usage`)),
    save: async (domain, update) => resellerSchema.parse(await product.json(path(domain), { method: 'PUT', json: update })),
    remove: async (domain) => {
      await product.request(path(domain), { method: 'DELETE' });
    },
    users: async () => userSchema.array().parse(await tracking.json('/users')),
    saveUser: async (user) => userSchema.parse(await tracking.json(`/users/${user.id}`, { method: 'PUT', json: user })),
  };
}

export const resellersApi = createResellersApi();
