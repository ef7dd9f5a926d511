// The gateway alone, in front of an existing tracking server (production: a real Traccar).
//   TRACCAR_URL (http://127.0.0.1:8082)  PORT (8080)  HOST (0.0.0.0)  RASTRO_TENANTS_FILE  LOG_LEVEL (info)
//   MAPBOX_TOKEN  MAP_STYLE_URL
import { onShutdownSignal, portFromEnv, tenantsFromEnv } from './config/env';
import { startGateway } from './gateway';

async function main(): Promise<void> {
  const gateway = await startGateway({
    traccarUrl: process.env.TRACCAR_URL ?? 'http://127.0.0.1:8082',
    port: portFromEnv('PORT', 8080),
    host: process.env.HOST || '0.0.0.0',
    tenants: await tenantsFromEnv(),
  });
  onShutdownSignal(() => gateway.close());
}

main().catch((error: unknown) => {
  console.error('Gateway failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
