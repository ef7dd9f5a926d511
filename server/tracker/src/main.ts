// The tracker on its own: `pnpm start` (tsx src/main.ts). Environment:
//   TRACKER_PORT (8082)  TRACKER_HOST (127.0.0.1: the API is the gateway's to reach)  OSMAND_HOST (0.0.0.0)
//   DATABASE_URL (PostgreSQL; without it the embedded PGlite)
//   TRACKER_DATA_DIR (PGlite folder, default <repo>/.data/tracker; memory:// for a throw-away one)
//   OSMAND_PORT (5055, the OsmAnd protocol port for real devices)
//   SIM_DEVICES (60)  SIM_INTERVAL_MS (1000)  LOG_LEVEL (info)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { demoAccount, startTracker } from './index';

const log = pino({ level: process.env.LOG_LEVEL || 'info' });
const repoRoot = path.resolve(__dirname, '..', '..', '..');

function integerFromEnv(name: string, fallback: number, { min }: { min: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.TRACKER_DATA_DIR || path.join(repoRoot, '.data', 'tracker');
  // memory:// (or any URL-like location) is PGlite's business, not a folder to create.
  if (!databaseUrl && !dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });

  const tracker = await startTracker({
    port: integerFromEnv('TRACKER_PORT', 8082, { min: 0 }),
    osmandPort: integerFromEnv('OSMAND_PORT', 5055, { min: 0 }),
    host: process.env.TRACKER_HOST || '127.0.0.1',
    osmandHost: process.env.OSMAND_HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    simulator: {
      devices: integerFromEnv('SIM_DEVICES', 60, { min: 0 }),
      intervalMs: integerFromEnv('SIM_INTERVAL_MS', 1000, { min: 1 }),
    },
    logger: true,
  });
  log.info(
    { url: tracker.url, database: databaseUrl ? 'postgresql' : dataDir },
    `tracker running at ${tracker.url} — demo login ${demoAccount.email} / ${demoAccount.password}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    tracker.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  log.error({ err: error }, 'tracker failed to start');
  process.exit(1);
});
