import type { FastifyInstance } from 'fastify';
import type { Edition } from '@rastro/shared/contract';
import type { JobQueue } from '../jobs/job-queue';
import type { ProductRoutes } from '../product/product-routes';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { AuditLog } from './audit-log';
import { registerAuditRoutes } from './audit-routes';

export interface AuditFeatureOptions {
  audit: AuditLog;
  callers: CallerResolver;
  edition: Edition;
  jobs: JobQueue;
  /** Rows older than this many days are removed once a day. */
  retentionDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const AUDIT_RETENTION_JOB = 'audit-retention';

/** The audit log's part of the product API: its routes and its daily retention job. */
export async function registerAuditFeature(app: FastifyInstance, routes: ProductRoutes, options: AuditFeatureOptions): Promise<void> {
  registerAuditRoutes(app, routes, options);
  await options.jobs.every(AUDIT_RETENTION_JOB, DAY_MS, async () => {
    await options.audit.purgeOlderThan(options.retentionDays);
  });
}
