import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface StackOptions {
  gatewayPort: number;
  trackerPort: number;
  osmandPort: number;
  devices: number;
  simIntervalMs: number;
  /** More environment for the gateway, e.g. TRACCAR_URL to put it in front of a tracker that already runs. */
  env?: Record<string, string>;
}

export interface RunningStack {
  url: string;
  stop(): Promise<void>;
}

const gatewayDir = path.resolve(__dirname, '..', '..', 'server', 'gateway');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/rastro/health`);
      if (answer.ok && ((await answer.json()) as { traccar?: string }).traccar === 'up') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the gateway was not healthy within ${timeoutMs} ms`);
}

/**
 * The real product, as the e2e suite runs it: the embedded tracker (in-memory database, simulated
 * fleet of `devices`, one step every `simIntervalMs`) behind the gateway serving the production builds.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const child = spawn(path.join(gatewayDir, 'node_modules', '.bin', 'tsx'), ['src/embedded.ts'], {
    cwd: gatewayDir,
    // Its own process group, so stopping it also stops whatever tsx started.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.gatewayPort),
      HOST: '127.0.0.1',
      TRACKER_PORT: String(options.trackerPort),
      OSMAND_PORT: String(options.osmandPort),
      TRACKER_DATA_DIR: 'memory://',
      GATEWAY_DATA_DIR: 'memory://',
      SIM_DEVICES: String(options.devices),
      SIM_INTERVAL_MS: String(options.simIntervalMs),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${options.gatewayPort}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
