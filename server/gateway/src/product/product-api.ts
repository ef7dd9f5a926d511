import type { FastifyInstance } from 'fastify';
import type { Database } from '@rastro/db';
import type { CallerResolver } from '../traccar/caller-resolver';
import type { ServiceAccount } from '../traccar/service-account';
import type { TraccarClient } from '../traccar/traccar-client';
import type { AppConfigDefaults } from '../config/app-config';
import { registerConfigRoute } from '../config/config-route';
import type { TenantDirectory } from '../config/tenants';
import { registerHealthRoute } from '../health/health-route';
import type { JobQueue } from '../jobs/job-queue';
import { registerAuditFeature } from '../audit/audit-feature';
import type { AuditLog } from '../audit/audit-log';
import type { TrackingEventStream } from '../automations/event-stream';
import type { ClusterEvents } from '../cluster/cluster-events';
import { registerAutolinkRoute } from '../autolink/autolink-route';
import type { WritePolicy } from '../policy/write-policy';
import type { SocketRelay } from '../proxy/socket-relay';
import { registerQrDriverFeature } from '../qr-driver/qr-driver-feature';
import { registerPushFeature, type PushFeatureOptions } from '../push/push-feature';
import type { SecretBox } from '../integrations/secret-box';
import { registerSharesFeature } from '../shares/shares-feature';
import { registerWayBackRoute } from '../acting-as/way-back-feature';
import type { IntegrationStore } from '../integrations/integration-store';
import { registerIntegrationsRoutes } from '../integrations/integrations-routes';
import type { Mailer } from '../mail/mailer';
import type { AccountStateStore } from '../account-state/account-state-store';
import { registerAccountStateFeature } from '../account-state/account-state-feature';
import { refuseSuspendedWriter } from '../account-state/suspended-writer';
import { registerBillingFeature } from '../billing/billing-feature';
import type { InvoiceStore } from '../billing/invoice-store';
import { registerRateLimitCleanup } from '../rate-limit/rate-limiter';
import { registerRemotesRoute } from '../remotes/remotes-route';
import { registerSoundsRoute } from '../sounds/sounds-route';
import { registerResellersRoutes } from '../tenants/resellers-routes';
import { ResellerTrees } from '../policy/reseller-trees';
import { TenantResolver } from '../tenants/tenant-resolver';
import { TenantStore } from '../tenants/tenant-store';
import { registerThemeFeature } from '../theme/theme-feature';
import { ThemeImageStore } from '../theme/theme-image-store';
import { ApiError, installApiErrorHandling } from './api-errors';
import { grantCheck } from './grant-check';
import { ProductRoutes } from './product-routes';
import type { ServerSettings } from '../policy/server-settings';
import { RASTRO_VERSION, attributeFlag, rastroAttributeKeys, type Edition } from '@rastro/shared/contract';

export interface ProductApiOptions {
  /** The tenants file (RASTRO_TENANTS_FILE), the seed under what is stored in rastro_tenants. */
  tenants: TenantDirectory;
  appConfigDefaults: AppConfigDefaults;
  traccarUrl: string;
  startedAt: number;
  /** The gateway's PostgreSQL (see ../store/). */
  db: Database;
  /** The tracking server, called on behalf of a browser (its credentials forwarded)… */
  traccar: TraccarClient;
  /** …who that browser's user is… */
  callers: CallerResolver;
  /** …and the gateway's own administrator session there. */
  serviceAccount: ServiceAccount;
  /** The paid edition adds integrations, logs, themes, billing (SPEC §1). Default 'paid'. */
  edition?: Edition;
  /** Payment, mail and invoice settings, secrets sealed. */
  integrations: IntegrationStore;
  /** Mail with the mail integration's settings (the administrator's test mail). */
  mailer: Pick<Mailer, 'send'>;
  /** Scheduled and one-off work, run once across all gateways (see ../jobs/). */
  jobs: JobQueue;
  /** Every write, from the /api proxy and from product features (see ../audit/). */
  audit: AuditLog;
  auditRetentionDays: number;
  /** Seals stored secrets (integration settings, share users' passwords). */
  secrets: SecretBox;
  /** The tracking server's settings (advanced permissions on or off), as the /api proxy keeps them. */
  serverSettings: ServerSettings;
  /** The /api proxy's write checks, for product routes that write on a caller's behalf. */
  writePolicy: WritePolicy;
  /** This gateway's websocket relays (a QR driver's logout closes sockets). */
  relay?: Pick<SocketRelay, 'endSession'>;
  /** What every gateway of the installation acts on (a suspension closes sockets on each). */
  cluster?: Pick<ClusterEvents, 'publish'>;
  /** The tracking server's events, heard by the service account (see ../automations/). */
  events: TrackingEventStream;
  /** Suspended and active accounts (see ../account-state/). */
  accountStates: AccountStateStore;
  /** How long a minute of a QR driver's delays lasts (ms); default a minute. */
  qrDriverMinuteMs?: number;
  /** Web Push and Firebase settings (see ../push/push-feature.ts). */
  push?: Pick<PushFeatureOptions, 'hearAllEvents' | 'subject' | 'firebase'>;
  /** How long a trust unlock's day lasts (tests shorten it). Default a day. */
  trustDayMs?: number;
  /** Invoices (shared with the /api proxy's suspension answer) and the billing run's settings (see ../billing/). */
  billing: { invoices: InvoiceStore; runIntervalMs: number; leadDays: number; today?: () => string };
}

/** Everything under `/rastro`: registered as its own scope so its JSON error handling stays inside. */
export async function productApi(app: FastifyInstance, options: ProductApiOptions): Promise<void> {
  installApiErrorHandling(app);
  const routes = new ProductRoutes({ beforeWrite: refuseSuspendedWriter(options.callers, options.accountStates) });
  // White label: per-domain tenants (the file, overlaid by the database), their themes and images.
  const tenantStore = new TenantStore(options.db);
  const tenants = new TenantResolver(options.tenants, tenantStore);
  const themeImages = new ThemeImageStore(options.db);
  const edition = options.edition ?? 'paid';
  const allows = grantCheck(options.serverSettings, edition);
  registerRemotesRoute(app, routes, tenants);
  registerConfigRoute(app, routes, tenants, options.appConfigDefaults, themeImages);
  const trees = new ResellerTrees(tenantStore, options.serviceAccount);
  registerResellersRoutes(app, routes, { store: tenantStore, allows, callers: options.callers, traccar: options.traccar, audit: options.audit, usageOf: (owner) => trees.usageOf(owner) });
  await registerThemeFeature(app, routes, { tenants, store: tenantStore, images: themeImages, callers: options.callers, edition, audit: options.audit, allows });
  registerSoundsRoute(app, routes);
  registerHealthRoute(app, routes, options.traccarUrl, options.startedAt);
  registerIntegrationsRoutes(app, routes, { store: options.integrations, callers: options.callers, edition, audit: options.audit, mailer: options.mailer });
  await registerAuditFeature(app, routes, { audit: options.audit, callers: options.callers, edition: options.edition ?? 'paid', jobs: options.jobs, retentionDays: options.auditRetentionDays });
  await registerSharesFeature(app, routes, { ...options, edition: options.edition ?? 'paid' });
  registerWayBackRoute(app, routes, { db: options.db, traccar: options.traccar, callers: options.callers, serviceAccount: options.serviceAccount, relay: options.relay });
  registerQrDriverFeature(app, routes, { serviceAccount: options.serviceAccount, db: options.db, secrets: options.secrets, traccar: options.traccar, relay: options.relay, callers: options.callers, jobs: options.jobs, audit: options.audit, events: options.events, serverSettings: options.serverSettings, minuteMs: options.qrDriverMinuteMs });
  registerPushFeature(app, routes, { db: options.db, secrets: options.secrets, callers: options.callers, serviceAccount: options.serviceAccount, jobs: options.jobs, events: options.events, log: app.log, ...options.push });
  registerAccountStateFeature(app, routes, { db: options.db, store: options.accountStates, traccar: options.traccar, callers: options.callers, jobs: options.jobs, audit: options.audit, cluster: options.cluster, trustDayMs: options.trustDayMs });
  await registerBillingFeature(app, routes, {
    ...options.billing,
    integrations: options.integrations,
    accountStates: options.accountStates,
    audit: options.audit,
    jobs: options.jobs,
    callers: options.callers,
    traccar: options.traccar,
    serviceAccount: options.serviceAccount,
    edition,
    cluster: options.cluster,
    enabled: async () => attributeFlag((await options.serverSettings.get()).attributes, rastroAttributeKeys.enableBilling),
    mailer: options.mailer,
    serverAttributes: async () => (await options.serverSettings.get()).attributes,
  });
  await registerRateLimitCleanup(options.db, options.jobs);
  registerAutolinkRoute(app, routes, { traccar: options.traccar, serviceAccount: options.serviceAccount, writePolicy: options.writePolicy, callers: options.callers, audit: options.audit });
  // The product API describes itself, from the same schemas that validate its requests.
  app.get('/openapi.json', async () => routes.openApi({ title: 'Rastro product API', version: RASTRO_VERSION }));
  // Claim the whole /rastro space explicitly, so an unknown product path is a JSON 404 and never
  // falls through to the static site (which would answer the shell's index.html).
  const notFound = (request: { method: string; url: string }): never => {
    throw new ApiError(404, 'NOT_FOUND', `No ${request.method} ${request.url.split('?')[0]}`);
  };
  app.all('/', async (request) => notFound(request));
  app.all('/*', async (request) => notFound(request));
}
