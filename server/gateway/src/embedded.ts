// The one-command product: the embedded tracker (a Traccar-compatible server with a simulated
// demo fleet) and the gateway in front of it. `pnpm serve` / `npm start` run this.
//   PORT (8080)  HOST (0.0.0.0)  PUBLIC_URL (http://localhost:<PORT>, the address in mailed links)  TRACCAR_URL (set it to skip the embedded tracker)
//   TRACKER_PORT (8082)  TRACKER_HOST (127.0.0.1: only the gateway reaches the tracking API)  OSMAND_HOST (0.0.0.0)  OSMAND_PORT (5055, the tracker's OsmAnd port)  TRACKER_DATA_DIR (<repo>/.data/tracker; memory:// for a throw-away database)
//   DATABASE_URL (PostgreSQL for tracker and gateway instead of embedded PGlite)  GATEWAY_DATA_DIR (<repo>/.data/gateway)
//   SIM_DEVICES (60)  SIM_INTERVAL_MS (1000)
//   RASTRO_TENANTS_FILE  LOG_LEVEL (info)  MAPBOX_TOKEN  MAP_STYLE_URL  DEFAULT_BASE_MAP  TRUST_PROXY (none: the reverse proxies whose X-Forwarded-For counts)
//   DEMO_ASAAS_PORT (unset: none) starts the Asaas-compatible test server (@rastro/asaas) on that port, for demos and e2e: billing charges
//     there (ASAAS_BASE_URL), its webhooks come to this gateway with DEMO_ASAAS_WEBHOOK_TOKEN, its key is DEMO_ASAAS_API_KEY, and billing's
//     calendar is that server's (moved by its POST /_test/clock), so a test moves time for both at once.
//   BILLING_RUN_INTERVAL_MS (an hour)  BILLING_LEAD_DAYS (10)  QR_DRIVER_MINUTE_MS (60000: how long a minute of a QR driver's timers lasts; e2e shortens it)
//   RASTRO_EDITION (paid)  RASTRO_LICENSE_DEVICE_LIMIT (-1)  TRACCAR_SERVICE_USER / TRACCAR_SERVICE_PASSWORD (the demo administrator with the embedded tracker)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { demoAccount, startTracker } from '@rastro/tracker';
import { gatewayStorageFromEnv, onShutdownSignal, portFromEnv, trustProxyFromEnv, positiveIntFromEnv, tenantsFromEnv } from './config/env';
import { licenceFromEnv, serviceAccountFromEnv } from './config/licence';
import { startGateway } from './gateway';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

type Closable = { close(): Promise<void> };

/** Starts the embedded tracker, unless TRACCAR_URL points at one that already runs. */
async function startTrackingServer(): Promise<{ traccarUrl: string; tracker?: Closable }> {
  if (process.env.TRACCAR_URL) return { traccarUrl: process.env.TRACCAR_URL };
  const dataDir = process.env.TRACKER_DATA_DIR || path.join(repoRoot, '.data', 'tracker');
  // memory:// (and any other URL-like location) is the tracker's business, not a folder to create.
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const tracker = await startTracker({
    port: portFromEnv('TRACKER_PORT', 8082),
    // The tracking API has none of the gateway's rules: it stays on loopback; devices reach the OsmAnd port.
    host: process.env.TRACKER_HOST || '127.0.0.1',
    osmandHost: process.env.OSMAND_HOST || '0.0.0.0',
    osmandPort: portFromEnv('OSMAND_PORT', 5055),
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    simulator: {
      devices: positiveIntFromEnv('SIM_DEVICES', 60),
      intervalMs: positiveIntFromEnv('SIM_INTERVAL_MS', 1000),
    },
    logger: true,
  });
  return { traccarUrl: tracker.url, tracker };
}

const DEMO_ASAAS_DEFAULTS = { apiKey: '$aact_rastro_demo_key', webhookToken: 'rastro-demo-webhook-token' };

/** The Asaas-compatible test server, when DEMO_ASAAS_PORT asks for it (never in production: it is a fake provider). */
async function startDemoAsaas(gatewayPort: number): Promise<(Closable & { today(): string }) | undefined> {
  if (!process.env.DEMO_ASAAS_PORT) return undefined;
  const { startAsaas } = await import('@rastro/asaas');
  const asaas = await startAsaas({
    port: portFromEnv('DEMO_ASAAS_PORT', 8090),
    apiKey: process.env.DEMO_ASAAS_API_KEY || DEMO_ASAAS_DEFAULTS.apiKey,
    webhook: { url: `http://127.0.0.1:${gatewayPort}/rastro/billing/webhooks/asaas`, authToken: process.env.DEMO_ASAAS_WEBHOOK_TOKEN || DEMO_ASAAS_DEFAULTS.webhookToken, enabled: true },
  });
  process.env.ASAAS_BASE_URL = `${asaas.url}/v3`;
  return asaas;
}

async function main(): Promise<void> {
  const { traccarUrl, tracker } = await startTrackingServer();
  const asaas = await startDemoAsaas(portFromEnv('PORT', 8080));
  let gateway: Closable & { port: number };
  try {
    gateway = await startGateway({
      traccarUrl,
      port: portFromEnv('PORT', 8080),
      host: process.env.HOST || '0.0.0.0',
      publicUrl: process.env.PUBLIC_URL?.trim() || `http://localhost:${portFromEnv('PORT', 8080)}`,
      tenants: await tenantsFromEnv(),
      ...(await gatewayStorageFromEnv(repoRoot)),
      ...licenceFromEnv(),
      ...trustProxyFromEnv(),
      // The embedded tracker's demo administrator does the gateway's own work unless told otherwise.
      serviceAccount: serviceAccountFromEnv(process.env, tracker ? { user: demoAccount.email, password: demoAccount.password } : undefined),
      ...(asaas ? { billingToday: () => asaas.today() } : {}),
    });
  } catch (error) {
    await asaas?.close();
    await tracker?.close();
    throw error;
  }

  const login = tracker ? `  —  demo login: ${demoAccount.email} / ${demoAccount.password}` : `  —  tracking server: ${traccarUrl}`;
  console.log(`\nRastro is running at http://localhost:${gateway.port}${login}\n`);

  // The gateway first, so browsers' sockets close before the server they relay to goes away.
  onShutdownSignal(async () => {
    await gateway.close();
    await asaas?.close();
    await tracker?.close();
  });
}

main().catch((error: unknown) => {
  console.error('Rastro failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
