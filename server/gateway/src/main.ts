// The gateway alone, in front of an existing tracking server (production: a real Traccar).
//   TRACCAR_URL (http://127.0.0.1:8082)  PORT (8080)  HOST (0.0.0.0)  PUBLIC_URL (http://localhost:<PORT>, the address in mailed links)  RASTRO_TENANTS_FILE  LOG_LEVEL (info)
//   MAPBOX_TOKEN  MAP_STYLE_URL  DEFAULT_BASE_MAP  DATABASE_URL  GATEWAY_DATA_DIR (<repo>/.data/gateway)
//   RASTRO_EDITION (paid)  RASTRO_LICENSE_DEVICE_LIMIT (-1)  TRACCAR_SERVICE_USER / TRACCAR_SERVICE_PASSWORD  TRUST_PROXY (none: the reverse proxies whose X-Forwarded-For counts)
//   PUSH_ALL_EVENTS (true: the service account hears every event type, so each can be pushed)  FIREBASE_SERVICE_ACCOUNT (the Firebase project's service account key, JSON)
import path from 'node:path';
import { gatewayStorageFromEnv, onShutdownSignal, portFromEnv, trustProxyFromEnv, tenantsFromEnv } from './config/env';
import { licenceFromEnv, serviceAccountFromEnv } from './config/licence';
import { startGateway } from './gateway';

async function main(): Promise<void> {
  const gateway = await startGateway({
    traccarUrl: process.env.TRACCAR_URL ?? 'http://127.0.0.1:8082',
    port: portFromEnv('PORT', 8080),
    host: process.env.HOST || '0.0.0.0',
    publicUrl: process.env.PUBLIC_URL?.trim() || `http://localhost:${portFromEnv('PORT', 8080)}`,
    tenants: await tenantsFromEnv(),
    ...(await gatewayStorageFromEnv(path.resolve(__dirname, '..', '..', '..'))),
    ...licenceFromEnv(),
    ...trustProxyFromEnv(),
    serviceAccount: serviceAccountFromEnv(),
    push: { hearAllEvents: process.env.PUSH_ALL_EVENTS !== 'false', firebaseServiceAccountJson: process.env.FIREBASE_SERVICE_ACCOUNT || undefined },
  });
  onShutdownSignal(() => gateway.close());
}

main().catch((error: unknown) => {
  console.error('Gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
