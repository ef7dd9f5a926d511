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
