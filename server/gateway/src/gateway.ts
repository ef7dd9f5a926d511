import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Database } from '@rastro/db';
import { redactingLoggerOptions } from '@rastro/tracker';
import { serverChangedMessage, type Edition } from '@rastro/shared/contract';
import { AccountStateStore } from './account-state/account-state-store';
import { AuditLog } from './audit/audit-log';
import { openInvoicesForNotice } from './billing/billing-feature';
import { InvoiceStore } from './billing/invoice-store';
import { registerProxyWriteAudit } from './audit/proxy-write-audit';
import { createTrackingEvents } from './automations/automations-feature';
import { registerGeofenceLocks } from './automations/geofence-locks';
import { ClusterEvents } from './cluster/cluster-events';
import { appConfigDefaultsFromEnv } from './config/app-config';
import { positiveIntFromEnv } from './config/env';
import { defaultLicence } from './config/licence';
import { createTenantDirectory, defaultTenantConfig, type TenantConfig } from './config/tenants';
import { IntegrationStore } from './integrations/integration-store';
import { JobQueue } from './jobs/job-queue';
import { openSecretBox } from './integrations/secret-key';
import { Mailer } from './mail/mailer';
import type { SmtpFallback } from './mail/mail-settings';
import { registerPasswordRecovery } from './password-recovery/password-recovery-feature';
import { nonCanonicalPathBody, registerCanonicalPaths } from './policy/canonical-path';
import { socketMessageWithoutHidden } from './policy/hidden-devices';
import { createProxyPolicy } from './policy/policy-proxy';
import { registerWayBackHooks } from './acting-as/way-back-feature';
import { announceRemoval } from './policy/removal-notice';
import { ServerSettings } from './policy/server-settings';
import { answeredDatabaseOutage, ApiError } from './product/api-errors';
import { productApi } from './product/product-api';
import { registerLoginAttempts, type LoginAttemptOptions } from './rate-limit/login-attempts';
import { registerLoginFailuresCleanup } from './rate-limit/login-throttle';
import { registerQrAccessHook } from './qr-driver/qr-access-hook';
import { registerApiProxy } from './proxy/api-proxy';
import { socketAdmission } from './proxy/socket-admission';
import { attachSocketRelay } from './proxy/socket-relay';
import { registerStaticHosting } from './static/static-hosting';
import { defaultWebRoot } from './static/web-root';
import { GATEWAY_QUERY_TIMEOUT_MS, openGatewayDatabase } from './store/gateway-database';
import { TenantResolver } from './tenants/tenant-resolver';
import { TenantStore } from './tenants/tenant-store';
import { CallerResolver } from './traccar/caller-resolver';
import { registerRequestCallers } from './traccar/request-caller';
import { ServiceAccount, type ServiceAccountCredentials } from './traccar/service-account';
import { TraccarClient } from './traccar/traccar-client';
import { pageSourcesOf } from './web-security/page-sources';
import { registerWebSecurity } from './web-security/web-security';
import { DEFAULT_TRACCAR_TIMEOUT_MS } from './traccar/traccar-unavailable';

export interface GatewayOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
  /**
   * Where users reach this gateway (PUBLIC_URL), e.g. https://track.example.com: links in mails
   * point here for every domain the tenants file gives no `publicUrl`. Default: the address it listens on.
   */
  publicUrl?: string;
  /** The tracking server (Traccar or @rastro/tracker), e.g. http://127.0.0.1:8082. */
  traccarUrl: string;
  /** Folder holding the built apps: `<webRoot>/shell/dist`, `<webRoot>/mf-map/dist`, … Default: the repository's top level. */
  webRoot?: string;
  /** Per-domain remotes and front-end config. Default: one tenant with all five remotes. */
  tenants?: TenantConfig;
  /** pino options (and a `stream` to write to), or false for silence. Default: on, level from LOG_LEVEL (info). Secrets are always redacted. */
  logger?: boolean | (LoggerOptions & { stream?: { write(line: string): void } });
  /** The gateway's own data (audit log, shares, themes, integrations, jobs): PostgreSQL URL… */
  databaseUrl?: string;
  /** …or embedded PGlite in this folder. Default `memory://` (nothing kept). */
  dataDir?: string;
  /** A statement of the gateway's own database taking longer fails as 503 DATABASE_UNAVAILABLE. Default DATABASE_QUERY_TIMEOUT_MS, else 10 s. */
  databaseQueryTimeoutMs?: number;
  /** …or this one, open and migrated, shared with other gateways of this process (tests); the gateway leaves it open. */
  database?: Database;
  /** An administrator of the tracking server for the gateway's own work (counts, shares, automations). */
  serviceAccount?: ServiceAccountCredentials;
  /** 'free' leaves out integrations, logs, themes and billing. Default 'paid'. */
  edition?: Edition;
  /** Devices the licence allows across the installation; -1 (default) for no limit. See config/licence.ts. */
  licenseDeviceLimit?: number;
  /** Seals integration secrets: 32 bytes, hex or base64. Default env RASTRO_SECRET_KEY; without either, a key generated into the database (with a warning). */
  secretKey?: string;
  /** Mail server when no administrator has saved the mail integration. Default env SMTP_URL / SMTP_FROM. */
  smtp?: SmtpFallback;
  /** How often this gateway looks for due jobs (ms). Default env JOBS_POLL_INTERVAL_MS, else 5000. */
  jobPollIntervalMs?: number;
  /** Audit rows older than this are removed daily. Default env AUDIT_RETENTION_DAYS, else 180. */
  auditRetentionDays?: number;
  /** How long a minute of a QR driver's delays (lock without a driver, logout) lasts, in ms. Default env QR_DRIVER_MINUTE_MS, else 60 000; tests shorten it. */
  qrDriverMinuteMs?: number;
  /**
   * Push (../push/): `hearAllEvents` makes the service account hear every event type so each can
   * be pushed (env PUSH_ALL_EVENTS in main.ts); Firebase sends when the default tenant's push
   * settings name a project (`pushSettings.firebase.projectId`) and `firebaseServiceAccountJson`
   * (env FIREBASE_SERVICE_ACCOUNT) is that project's service account key.
   */
  push?: { hearAllEvents?: boolean; firebaseServiceAccountJson?: string };
  /** How long one day of a trust unlock lasts, in ms: a day, except in tests that watch a trust period end. */
  trustDayMs?: number;
  /** Failed-login and recovery-request limits; the defaults (rate-limit/login-throttle.ts) unless a test lowers them. */
  loginThrottle?: LoginAttemptOptions;
  /** How often billing generates invoices and acts on overdue ones (ms). Default env BILLING_RUN_INTERVAL_MS, else an hour. */
  billingRunIntervalMs?: number;
  /** Days before its due date an invoice is generated. Default env BILLING_LEAD_DAYS, else 10. */
  billingLeadDays?: number;
  /** Billing's today (YYYY-MM-DD): the UTC date, except in tests that move the calendar. */
  billingToday?: () => string;
  /** How long to wait for the tracking server's answer before a 504 TRACCAR_TIMEOUT. Default env TRACCAR_TIMEOUT_MS, else 30 000. */
  traccarTimeoutMs?: number;
  /**
   * The reverse proxies in front (env TRUST_PROXY): addresses or CIDR ranges. A request from one of
   * them is from the client its X-Forwarded-For names (the nearest hop no trusted proxy added):
   * failed-login limits and the audit log count that address. Default none: the TCP peer, and a
   * client's own X-Forwarded-For is ignored.
   */
  trustProxy?: string[];
}

export interface RunningGateway {
  /** Base URL to reach the gateway from this machine, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  /** Stops accepting, closes websocket relays, waits for in-flight requests. */
  close(): Promise<void>;
}

/** No token, password, reset token or cookie in a log line: URLs scrubbed, credential fields censored. */
function loggerOption(logger: GatewayOptions['logger']): false | LoggerOptions {
  if (logger === false) return false;
  const redacting = redactingLoggerOptions(process.env.LOG_LEVEL ?? 'info');
  if (logger === undefined || logger === true) return redacting;
  return { ...redacting, ...logger, redact: redacting.redact, serializers: { ...redacting.serializers, ...logger.serializers } };
}

function validTraccarUrl(traccarUrl: string): string {
  let url: URL;
  try {
    url = new URL(traccarUrl);
  } catch {
    throw new Error(`traccarUrl must be an absolute http(s) URL, got "${traccarUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`traccarUrl must be an http(s) URL, got "${traccarUrl}"`);
  }
  // The proxy appends /api/...: a trailing slash or path on the base would double or misplace it.
  return url.origin;
}

function validPublicUrl(publicUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(publicUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`publicUrl (PUBLIC_URL) must be an absolute http(s) URL, got "${publicUrl}"`);
  return url.origin;
}

/** The address a client on this machine reaches a listening app at: 0.0.0.0 / :: are listen addresses, not places to connect to. */
function connectUrl(host: string, port: number): string {
  const connectHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${connectHost}:${port}`;
}

function listeningUrl(app: FastifyInstance, host = '0.0.0.0'): string {
  const address = app.server.address();
  return connectUrl(host, typeof address === 'object' && address ? address.port : 8080);
}

/** Builds the Fastify app (not listening yet). Tenant configuration errors throw here, at start. */
export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const traccarUrl = validTraccarUrl(options.traccarUrl);
  const tenants = createTenantDirectory(options.tenants ?? defaultTenantConfig);
  const publicUrl = options.publicUrl ? validPublicUrl(options.publicUrl) : undefined;
  const app = Fastify({
    logger: loggerOption(options.logger),
    // request.ip: the peer, or past the trusted proxies only (proxy-addr) — never a header a client wrote itself.
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    // Long-running report downloads must not be cut by the server's own request timeout.
    requestTimeout: 0,
    // Features create their tables and read their keys while the app is built: on a cold or busy
    // database that is more than Fastify's 10 s per plugin, and a slow start is not a broken one.
    pluginTimeout: 60_000,
    // A URL the router cannot even decode (`%C3`, a lone escape) is a path without a canonical form
    // too; any other framework refusal is answered in the product's shape, not Fastify's.
    frameworkErrors: (error, _request, res) => {
      const reply = res as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send(nonCanonicalPathBody());
      const answer = new ApiError(error.statusCode ?? 400, 'INVALID_INPUT', 'The request is not valid', ['path']);
      return reply.code(answer.statusCode).send(answer.toBody());
    },
  });
  // Outside /rastro (its scope answers its own errors): a database outage in a hook of the /api
  // proxy (failed-login counts, audit) is a 503 DATABASE_UNAVAILABLE too, not Fastify's 500.
  app.setErrorHandler((error, request, reply) => {
    if (answeredDatabaseOutage(error, request, reply)) return reply;
    // Anything else: Fastify's own answer, as before (thrown on to its default handler).
    throw error;
  });
  // First of all: a path with two spellings could pass the policy as one and reach Traccar as another.
  registerCanonicalPaths(app);

  const traccarTimeoutMs = options.traccarTimeoutMs ?? positiveIntFromEnv('TRACCAR_TIMEOUT_MS', DEFAULT_TRACCAR_TIMEOUT_MS);
  const traccar = new TraccarClient(traccarUrl, traccarTimeoutMs);
  const queryTimeoutMs = options.databaseQueryTimeoutMs ?? positiveIntFromEnv('DATABASE_QUERY_TIMEOUT_MS', GATEWAY_QUERY_TIMEOUT_MS);
  const db = options.database ?? (await openGatewayDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, queryTimeoutMs }));
  // Closed last: requests still in flight during shutdown may write (audit log).
  if (!options.database) app.addHook('onClose', async () => db.close());
  const jobs = new JobQueue(db, { pollIntervalMs: options.jobPollIntervalMs ?? positiveIntFromEnv('JOBS_POLL_INTERVAL_MS', 5_000), log: app.log });
  // Before the database closes: a job in hand finishes, no new one starts.
  app.addHook('preClose', async () => jobs.stop());
  const audit = new AuditLog(db);
  const callers = new CallerResolver(traccar);
  // Right after the path check: every /api request has one caller before anything judges it.
  registerRequestCallers(app, callers);
  const serviceAccount = new ServiceAccount(traccar, options.serviceAccount ?? null);
  // One box for every sealed secret: integration settings, share users' passwords.
  const secrets = await openSecretBox(db, options.secretKey ?? process.env.RASTRO_SECRET_KEY, app.log);
  const integrations = new IntegrationStore(db, secrets, app.log);
  const mailer = new Mailer(integrations, options.smtp ?? { url: process.env.SMTP_URL, from: process.env.SMTP_FROM });
  // Automations follow the tracking server's events as the service account (see automations/).
  const events = createTrackingEvents(app, { traccarUrl, serviceAccount });
  registerGeofenceLocks({ events, jobs, serviceAccount, audit });

  const licence = { edition: options.edition ?? defaultLicence.edition, deviceLimit: options.licenseDeviceLimit ?? defaultLicence.deviceLimit };
  const serverSettings = new ServerSettings(traccar);
  const appConfigDefaults = appConfigDefaultsFromEnv();
  // Before any route or policy sees a request: writes from other sites are refused outright.
  registerWebSecurity(app, { pageSources: pageSourcesOf(new TenantResolver(tenants, new TenantStore(db)), appConfigDefaults, serverSettings) });
  // Then guesses: a blocked one is answered 429 before any route, policy or the tracking server sees it.
  registerLoginAttempts(app, db, options.loginThrottle);
  await registerLoginFailuresCleanup(db, jobs);
  const accountStates = new AccountStateStore(db);
  const invoices = new InvoiceStore(db);
  const proxyPolicy = createProxyPolicy({
    traccar,
    callers,
    serviceAccount,
    licence,
    tenants: new TenantStore(db),
    server: serverSettings,
    db,
    accountStates,
    openInvoices: (userId) => openInvoicesForNotice(invoices, userId),
    // Every gateway's open browsers are told it is gone (below).
    onDeviceRemoved: (device) => void cluster.publish({ name: 'deviceRemoved', payload: device }),
    onServerChanged: () => void cluster.publish({ name: 'serverChanged', payload: {} }),
  });
  // Devices removed in safe mode are left out of socket messages too (their positions and events included).
  const hideFromSockets = async (text: string) => socketMessageWithoutHidden(text, await proxyPolicy.hidden.ids().catch(() => new Set<number>()));
  const relay = attachSocketRelay(app.server, { traccarUrl, log: app.log, filterMessage: hideFromSockets, admit: socketAdmission({ callers, accountStates }) });
  // What happens on one gateway that every gateway's open sockets must follow (see cluster/).
  const cluster = new ClusterEvents(db, app.log);
  cluster.on('accountStateChanged', ({ userId, state }) => {
    accountStates.forget(userId);
    if (state === 'suspended') relay.endUser(userId);
  });
  cluster.on('deviceRemoved', (device) => {
    // The relay hides a removed device's messages from now on, and tells the browsers that saw it that it is gone.
    proxyPolicy.hidden.forget();
    announceRemoval(relay, traccar, device, app.log);
  });
  cluster.on('serverChanged', () => {
    // GET /api/server is public: every open browser, whoever it is, reads the new settings (SPEC §3).
    serverSettings.invalidate();
    relay.tell(JSON.stringify(serverChangedMessage), async () => true).catch((error: unknown) => app.log.warn({ err: error }, 'server settings: open browsers not told'));
  });
  await cluster.start();
  let closing = false;
  // preClose runs before the HTTP server stops: upgraded sockets are not requests, so without this
  // server.close() would wait on them forever.
  app.addHook('preClose', async () => {
    closing = true;
    await cluster.stop();
    await relay.close();
  });
  // A keep-alive connection busy when close() began would otherwise stay open after its answer
  // until the client drops it; `Connection: close` on in-flight answers lets close() finish promptly.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });

  await app.register(productApi, {
    prefix: '/rastro',
    tenants,
    appConfigDefaults,
    traccarUrl,
    startedAt: Date.now(),
    db,
    traccar,
    callers,
    serviceAccount,
    edition: options.edition,
    integrations,
    mailer,
    secrets,
    jobs,
    audit,
    auditRetentionDays: options.auditRetentionDays ?? positiveIntFromEnv('AUDIT_RETENTION_DAYS', 180),
    qrDriverMinuteMs: options.qrDriverMinuteMs ?? positiveIntFromEnv('QR_DRIVER_MINUTE_MS', 60_000),
    push: {
      hearAllEvents: options.push?.hearAllEvents,
      subject: publicUrl,
      firebase: { projectId: tenants.defaultLayer.config?.pushSettings?.firebase?.projectId, serviceAccountJson: options.push?.firebaseServiceAccountJson },
    },
    writePolicy: proxyPolicy.writes,
    serverSettings,
    relay,
    cluster,
    events,
    accountStates,
    trustDayMs: options.trustDayMs,
    billing: {
      invoices,
      runIntervalMs: options.billingRunIntervalMs ?? positiveIntFromEnv('BILLING_RUN_INTERVAL_MS', 60 * 60 * 1000),
      leadDays: options.billingLeadDays ?? positiveIntFromEnv('BILLING_LEAD_DAYS', 10),
      today: options.billingToday,
    },
  });
  // Before the audit hook: the log then sees a driver's QR access without its password.
  registerQrAccessHook(app, { serviceAccount, callers, audit });
  registerProxyWriteAudit(app, { audit, callers, traccar });
  registerPasswordRecovery(app, { db, mailer, serviceAccount, audit, sites: { file: tenants, stored: new TenantStore(db), fallback: () => publicUrl ?? listeningUrl(app, options.host) } });
  registerWayBackHooks(app, db);
  registerApiProxy(app, traccarUrl, proxyPolicy, traccarTimeoutMs);
  registerStaticHosting(app, options.webRoot ?? defaultWebRoot);
  await app.ready();
  await jobs.start();
  return app;
}

/** Starts the gateway: the product API, the proxy to the tracking server and the front end's files. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const app = await createGateway(options);
  const host = options.host ?? '0.0.0.0';
  await app.listen({ port: options.port ?? 8080, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  let closed: Promise<void> | undefined;
  return {
    url: connectUrl(host, port),
    port,
    close: () => (closed ??= app.close()),
  };
}
