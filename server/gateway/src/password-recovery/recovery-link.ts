import type { FastifyRequest } from 'fastify';
import type { TenantDirectory } from '../config/tenants';
import { requestDomain } from '../product/request-domain';
import type { TenantStore } from '../tenants/tenant-store';

/** Where recovery links may point: configured addresses only. */
export interface RecoverySites {
  /** The tenants file: a domain's `publicUrl` (or https://<domain>), the default tenant's `publicUrl`. */
  file: Pick<TenantDirectory, 'publicUrl' | 'defaultPublicUrl'>;
  /** Reseller domains stored by administrators: https://<domain>. */
  stored: Pick<TenantStore, 'findMany'>;
  /** The gateway's own public URL (PUBLIC_URL), for every other domain. */
  fallback(): string;
}

/**
 * The origin a recovery link points at: the configured public URL of the tenant the request's
 * domain selects, never the Host header or the form's `requested_from` themselves — those are the
 * sender's to choose, and a genuine token mailed inside a link to the sender's site is a stolen account.
 */
export async function recoveryLinkOrigin(request: FastifyRequest, sites: RecoverySites): Promise<string> {
  const domain = requestDomain(request)?.toLowerCase();
  const own = sites.file.publicUrl(domain);
  if (own) return own;
  if (domain && (await sites.stored.findMany([domain])).has(domain)) return `https://${domain}`;
  return sites.file.defaultPublicUrl ?? sites.fallback();
}

export function recoveryLink(origin: string, token: string): string {
  return `${origin}/login/recover/${token}`;
}
