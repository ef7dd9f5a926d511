import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadTenantsFile, type TenantConfig } from './tenants';

/** A port from the environment, or the fallback; a non-number is a start-up error, not port NaN. */
export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** A positive integer setting from the environment (simulator sizes and intervals). */
export function positiveIntFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/**
 * Where the gateway keeps its own data: DATABASE_URL (PostgreSQL, shared with the tracker if it
 * uses the same one — the gateway's tables are prefixed) or PGlite in GATEWAY_DATA_DIR
 * (default <repo>/.data/gateway; memory:// for a throw-away one).
 */
export async function gatewayStorageFromEnv(repoRoot: string, env: NodeJS.ProcessEnv = process.env): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = env.GATEWAY_DATA_DIR?.trim() || path.join(repoRoot, '.data', 'gateway');
  if (!env.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir };
}

/**
 * The reverse proxies whose X-Forwarded-For the gateway believes (TRUST_PROXY): addresses or CIDR
 * ranges, comma-separated (`loopback`, `uniquelocal` name the usual ranges). Unset: none, and a
 * client's address is the TCP peer's, whatever it sends.
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): { trustProxy?: string[] } {
  const list = (env.TRUST_PROXY ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return list.length ? { trustProxy: list } : {};
}

/** Tenants from RASTRO_TENANTS_FILE when it is set; otherwise the gateway's built-in default. */
export async function tenantsFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<TenantConfig | undefined> {
  const file = env.RASTRO_TENANTS_FILE?.trim();
  return file ? loadTenantsFile(file) : undefined;
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits. A second signal exits at once, for when a
 * shutdown hangs and the operator presses Ctrl-C again.
 */
export function onShutdownSignal(stop: () => Promise<void>, log: (message: string) => void = console.log): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal} received, shutting down`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
