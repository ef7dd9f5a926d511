import Fastify, { type FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { appConfigDefaultsFromEnv } from './config/app-config';
import { createTenantDirectory, defaultTenantConfig, type TenantConfig } from './config/tenants';
import { productApi } from './product/product-api';
import { registerApiProxy } from './proxy/api-proxy';
import { attachSocketRelay } from './proxy/socket-relay';
import { registerStaticHosting } from './static/static-hosting';
import { defaultWebRoot } from './static/web-root';

export interface GatewayOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
  /** The tracking server (Traccar or @rastro/tracker), e.g. http://127.0.0.1:8082. */
  traccarUrl: string;
  /** Folder holding the built apps: `<webRoot>/shell/dist`, `<webRoot>/mf-map/dist`, … Default: the repo's packages/. */
  webRoot?: string;
  /** Per-domain remotes and front-end config. Default: one tenant with all five remotes. */
  tenants?: TenantConfig;
  /** pino options, or false for silence. Default: on, level from LOG_LEVEL (info). */
  logger?: boolean | LoggerOptions;
}

export interface RunningGateway {
  /** Base URL to reach the gateway from this machine, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  /** Stops accepting, closes websocket relays, waits for in-flight requests. */
  close(): Promise<void>;
}

function loggerOption(logger: GatewayOptions['logger']): boolean | LoggerOptions {
  if (logger === false) return false;
  if (logger === undefined || logger === true) return { level: process.env.LOG_LEVEL ?? 'info' };
  return logger;
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

/** Builds the Fastify app (not listening yet). Tenant configuration errors throw here, at start. */
export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const traccarUrl = validTraccarUrl(options.traccarUrl);
  const tenants = createTenantDirectory(options.tenants ?? defaultTenantConfig);
  const app = Fastify({
    logger: loggerOption(options.logger),
    // Long-running report downloads must not be cut by the server's own request timeout.
    requestTimeout: 0,
  });

  const relay = attachSocketRelay(app.server, { traccarUrl, log: app.log });
  let closing = false;
  // preClose runs before the HTTP server stops: upgraded sockets are not requests, so without this
  // server.close() would wait on them forever.
  app.addHook('preClose', async () => {
    closing = true;
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
    appConfigDefaults: appConfigDefaultsFromEnv(),
    traccarUrl,
    startedAt: Date.now(),
  });
  registerApiProxy(app, traccarUrl);
  registerStaticHosting(app, options.webRoot ?? defaultWebRoot);
  await app.ready();
  return app;
}

/** Starts the gateway: the product API, the proxy to the tracking server and the front end's files. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const app = await createGateway(options);
  const host = options.host ?? '0.0.0.0';
  await app.listen({ port: options.port ?? 8080, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  // 0.0.0.0 / :: are listen addresses, not places to connect to.
  const connectHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${connectHost}:${port}`,
    port,
    close: () => (closed ??= app.close()),
  };
}
