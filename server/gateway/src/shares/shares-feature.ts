import type { FastifyInstance } from 'fastify';
import type { Database } from '@rastro/db';
import type { Edition } from '@rastro/shared/contract';
import type { AuditLog } from '../audit/audit-log';
import type { SecretBox } from '../integrations/secret-box';
import type { JobQueue } from '../jobs/job-queue';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import type { TraccarClient } from '../traccar/traccar-client';
import { ShareService } from './share-service';
import { ShareStore } from './share-store';
import { ShareTrackerUsers } from './share-tracker-user';
import { registerSharesRoutes } from './shares-routes';

export interface SharesFeatureOptions {
  db: Database;
  traccar: TraccarClient;
  callers: CallerResolver;
  serviceAccount: ServiceAccount;
  secrets: SecretBox;
  audit: AuditLog;
  jobs: JobQueue;
  edition: Edition;
}

export const SHARE_CLEANUP_JOB = 'share-cleanup';
// The tracking server already refuses an expired user's login; this only tidies up after it.
const CLEANUP_EVERY_MS = 5 * 60 * 1000;

/** Share links in the product API: the routes, and the job that removes expired links and their users. */
export async function registerSharesFeature(app: FastifyInstance, routes: ProductRoutes, options: SharesFeatureOptions): Promise<ShareService> {
  const shares = new ShareService({
    store: new ShareStore(options.db),
    users: new ShareTrackerUsers(options.serviceAccount, options.traccar),
    traccar: options.traccar,
    secrets: options.secrets,
    audit: options.audit,
    edition: options.edition,
  });
  registerSharesRoutes(app, routes, shares, options.callers);
  await options.jobs.every(SHARE_CLEANUP_JOB, CLEANUP_EVERY_MS, async () => {
    await shares.removeExpired();
  });
  return shares;
}
