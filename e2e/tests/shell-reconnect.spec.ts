import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';
import type { RunningStack } from '../bench/stack';
import { kill, startOwnGateway, startTracker, waitForTracker, watchSockets } from './own-tracker';
import { demoAdmin, signIn } from './demo';

/** SPEC §9: the socket reconnects 5 s after it closes. */
const RECONNECT_MS = 5_000;

let tracker: ChildProcess | undefined;
let stack: RunningStack | undefined;

test.describe('live bus across a tracker restart (SPEC §4)', () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tracker = startTracker();
    // Both start at once: the gateway waits for the tracker by itself before it reports healthy.
    [, stack] = await Promise.all([
      waitForTracker(tracker),
      startOwnGateway(),
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
