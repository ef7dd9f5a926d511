import type { FastifyInstance } from 'fastify';
import type { Database } from '@rastro/db';
import type { AuditLog } from '../audit/audit-log';
import type { ClusterEvents } from '../cluster/cluster-events';
import type { JobQueue } from '../jobs/job-queue';
import type { ProductRoutes } from '../product/product-routes';
import { RateLimiter } from '../rate-limit/rate-limiter';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { TraccarClient } from '../traccar/traccar-client';
import { registerAccountStateRoutes } from './account-state-routes';
import type { AccountStateStore } from './account-state-store';
import { DAY_MS, TRUST_END_JOB, TrustUnlocks } from './trust-unlock';
import { registerTrustUnlockRoutes } from './trust-unlock-route';

export interface AccountStateFeatureOptions {
  db: Database;
  store: AccountStateStore;
  traccar: TraccarClient;
  callers: CallerResolver;
  jobs: JobQueue;
  audit: AuditLog;
  cluster?: Pick<ClusterEvents, 'publish'>;
  /** How long a trust day lasts (tests shorten it). Default a day. */
  trustDayMs?: number;
}

/** Trust unlock attempts per address and login: enough for typos, too few to guess a password. */
export const TRUST_UNLOCK_RATE_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 };

/** Account states in the product API: the administrators' routes, the trust unlock, and the job that ends trust periods. */
export function registerAccountStateFeature(app: FastifyInstance, routes: ProductRoutes, options: AccountStateFeatureOptions): void {
  const { store, callers, audit, cluster, jobs } = options;
  registerAccountStateRoutes(app, routes, { store, callers, audit, cluster });
  const trust = new TrustUnlocks({ store, traccar: options.traccar, jobs, audit, cluster, limiter: new RateLimiter(options.db, TRUST_UNLOCK_RATE_LIMIT), dayMs: options.trustDayMs ?? DAY_MS });
  registerTrustUnlockRoutes(app, routes, { trust, store, callers, traccar: options.traccar });
  jobs.define<{ userId: number }>(TRUST_END_JOB, async ({ userId }) => trust.endIfDue(userId));
}
