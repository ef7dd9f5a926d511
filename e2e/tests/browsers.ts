import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/**
 * The browsers the suite drives, both Debian's (Playwright's own download cannot work here; the
 * test command installs them).
 *
 * Chromium's lean headless build runs the suite: on two cores it takes about a fifth less CPU per
 * test than the full browser (measured on four map and fleet specs: 123-125 s of CPU against
 * 153-161 s), minutes of the whole run. The full browser stays for what the lean one lacks:
 * showing a notification (pwa.spec.ts).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No GPU here (WebGL runs on SwiftShader), and nothing the browser would fetch for itself. */
export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The browser composing its frames on the GPU process's SwiftShader, as a machine with a GPU does,
 * instead of in software. With BROWSER_ARGS (software compositing) every frame of a WebGL canvas is
 * read back for the compositor, and the page's main thread waits, in its commit, until SwiftShader
 * has drawn the whole frame: each map frame becomes a main-thread task of 100–550 ms here. Composed
 * on the GPU process, the drawing happens beside the main thread, which then shows its own work
 * only (a WebGL page drawing a heavy frame every vsync: 56 long tasks in 5 s with BROWSER_ARGS, none
 * with these).
 */
export const GPU_COMPOSITING_ARGS = [...BROWSER_ARGS.filter((arg) => arg !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--enable-gpu-compositing'];

/**
 * The suite's browser for a bench, which runs outside the test command (that installs it): says what
 * to install when it is missing. `gpuCompositing`: GPU_COMPOSITING_ARGS instead of BROWSER_ARGS.
 */
export function launchHeadlessShell(options: { gpuCompositing?: boolean } = {}): Promise<Browser> {
  if (!existsSync(HEADLESS_SHELL_PATH)) throw new Error(`no browser at ${HEADLESS_SHELL_PATH}: apt-get install -y chromium-headless-shell (or set CHROMIUM_HEADLESS_SHELL_PATH)`);
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: options.gpuCompositing ? GPU_COMPOSITING_ARGS : BROWSER_ARGS, headless: true });
}
