import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { startStack } from '../bench/stack';
import type { RunningStack } from '../bench/stack';
import { demoAdmin } from './demo';
import { currentPorts, localUrl } from './slot';

const trackerDir = path.resolve(__dirname, '..', '..', 'server', 'tracker');

/**
 * The tracker as its own process, in a stack of the test's own beside the worker's (whose tracker
 * must not be restarted, frozen or killed under the other tests). `dataDir` memory:// (the default)
 * forgets everything on a restart; a folder keeps the data, and, as Traccar without
 * web.persistSession, still forgets every session.
 */
export function startTracker({ dataDir = 'memory://' }: { dataDir?: string } = {}): ChildProcess {
  const ports = currentPorts();
  return spawn(path.join(trackerDir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: trackerDir,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      TRACKER_PORT: String(ports.ownTracker),
      TRACKER_HOST: '127.0.0.1',
      OSMAND_PORT: String(ports.ownOsmand),
      TRACKER_DATA_DIR: dataDir,
      SIM_DEVICES: '2',
      SIM_INTERVAL_MS: '1000',
      LOG_LEVEL: 'warn',
    },
  });
}

export async function waitForTracker(child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the tracker exited with code ${child.exitCode}`);
        return fetch(`${localUrl(currentPorts().ownTracker)}/api/server`).then(
          (answer) => answer.ok,
          () => false,
        );
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
}

/** A gateway of the test's own in front of a tracker that already runs, with `env` added to its environment. */
export function startGatewayInFront(ports: { gateway: number; tracker: number; osmand: number }, env: Record<string, string> = {}): Promise<RunningStack> {
  return startStack({
    gatewayPort: ports.gateway,
    trackerPort: ports.tracker,
    osmandPort: ports.osmand,
    devices: 0,
    simIntervalMs: 1000,
    env: { TRACCAR_URL: localUrl(ports.tracker), TRACCAR_SERVICE_USER: demoAdmin.email, TRACCAR_SERVICE_PASSWORD: demoAdmin.password, ...env },
  });
}

/** The gateway of the test's own stack, in front of the tracker above. */
export function startOwnGateway(env: Record<string, string> = {}): Promise<RunningStack> {
  const ports = currentPorts();
  return startGatewayInFront({ gateway: ports.ownGateway, tracker: ports.ownTracker, osmand: ports.ownOsmand }, env);
}

export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The whole group (tsx and the node it starts), at once, as a crash would (a frozen one too).
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/** Freezes the whole process group: it keeps its sockets open and answers nothing, as a hung server. */
export function freeze(child: ChildProcess): void {
  process.kill(-child.pid!, 'SIGSTOP');
}

export function thaw(child: ChildProcess): void {
  process.kill(-child.pid!, 'SIGCONT');
}

export interface WatchedSocket {
  firstFrameAt?: number;
  /** Frames carrying positions, which the simulator sends every step. */
  positionFrames: number;
}

/** Every websocket the page opens to /api/socket, with when it first received a frame. */
export function watchSockets(page: Page): WatchedSocket[] {
  const sockets: WatchedSocket[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/socket')) return;
    const seen: WatchedSocket = { positionFrames: 0 };
    sockets.push(seen);
    socket.on('framereceived', ({ payload }) => {
      seen.firstFrameAt ??= Date.now();
      if (String(payload).includes('"positions"')) seen.positionFrames += 1;
    });
  });
  return sockets;
}
