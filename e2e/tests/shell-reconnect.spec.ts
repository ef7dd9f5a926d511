import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { startStack } from '../bench/stack';
import type { RunningStack } from '../bench/stack';
import { demoAdmin, signIn } from './demo';
import { currentPorts, localUrl } from './slot';

/** SPEC §9: the socket reconnects 5 s after it closes. */
const RECONNECT_MS = 5_000;
const trackerDir = path.resolve(__dirname, '..', '..', 'server', 'tracker');

/**
 * The tracker as its own process, in a stack of this test's own beside the worker's (whose tracker
 * must not be restarted under the other tests). In-memory database: a restart forgets every session.
 */
function startTracker(): ChildProcess {
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
      TRACKER_DATA_DIR: 'memory://',
      SIM_DEVICES: '2',
      SIM_INTERVAL_MS: '1000',
      LOG_LEVEL: 'warn',
    },
  });
}

async function waitForTracker(child: ChildProcess): Promise<void> {
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

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The whole group (tsx and the node it starts), at once, as a crash would.
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/** Every websocket the page opens to /api/socket, with when it first received a frame. */
function watchSockets(page: Page): Array<{ firstFrameAt?: number }> {
  const sockets: Array<{ firstFrameAt?: number }> = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/socket')) return;
    const seen: { firstFrameAt?: number } = {};
    sockets.push(seen);
    socket.on('framereceived', () => {
      seen.firstFrameAt ??= Date.now();
    });
  });
  return sockets;
}

let tracker: ChildProcess | undefined;
let stack: RunningStack | undefined;

test.describe('live bus across a tracker restart (SPEC §4)', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    tracker = startTracker();
    // Both start at once: the gateway waits for the tracker by itself before it reports healthy.
    [, stack] = await Promise.all([
      waitForTracker(tracker),
      startStack({
        gatewayPort: currentPorts().ownGateway,
        trackerPort: currentPorts().ownTracker,
        osmandPort: currentPorts().ownOsmand,
        devices: 0,
        simIntervalMs: 1000,
        env: { TRACCAR_URL: localUrl(currentPorts().ownTracker), TRACCAR_SERVICE_USER: demoAdmin.email, TRACCAR_SERVICE_PASSWORD: demoAdmin.password },
      }),
    ]);
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (tracker) await kill(tracker);
  });

  test('the socket comes back within 5 s of the tracker; remember me signs in again, otherwise the user is asked to log in', async ({ browser }) => {
    test.setTimeout(180_000);
    const url = stack!.url;
    const remembered = await browser.newPage();
    const forgotten = await browser.newPage();
    try {
      const sockets = watchSockets(remembered);
      await signIn(remembered, `${url}/login`, { remember: true });
      await signIn(forgotten, `${url}/login`);
      await expect.poll(() => sockets[0]?.firstFrameAt, { timeout: 15_000 }).toBeDefined();

      await kill(tracker!);
      await expect(remembered.getByTestId('live-offline')).toBeVisible();
      const refreshed = remembered.waitForRequest((request) => new URL(request.url()).pathname === '/api/devices', { timeout: 180_000 });

      tracker = startTracker();
      await waitForTracker(tracker);
      const backAt = Date.now();

      // Reconnect attempts come every 5 s, so one lands within 5 s of the tracker being back (plus a busy machine's slack).
      await expect.poll(() => sockets.findLast((socket) => socket.firstFrameAt !== undefined)?.firstFrameAt ?? 0, { timeout: RECONNECT_MS + 10_000 }).toBeGreaterThan(backAt);
      const reconnectedAt = sockets.findLast((socket) => socket.firstFrameAt !== undefined)!.firstFrameAt!;
      expect(reconnectedAt - backAt).toBeLessThan(RECONNECT_MS + 4_000);
      // The restarted tracker forgot the session: the remembered credentials signed in again, the fleet was re-read.
      await refreshed;
      await expect(remembered.getByTestId('live-offline')).toBeHidden();
      await expect(remembered).toHaveURL(/\/home$/);
      await expect(remembered.getByTestId('user-menu')).toContainText(demoAdmin.name);

      // Without remember me: SPEC §2 guard step 4, back to where the user was after logging in.
      await expect(forgotten).toHaveURL(/\/login\?to=%2Fhome$/, { timeout: RECONNECT_MS + 10_000 });
    } finally {
      await remembered.close();
      await forgotten.close();
    }
  });
});
