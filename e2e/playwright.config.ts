import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, HEADLESS_SHELL_PATH } from './tests/browsers';
import { DEMO_ASAAS, E2E_WORKERS, localUrl, slotPorts } from './tests/slot';

/**
 * The real thing, once per worker: the embedded tracker (in-memory PGlite, moving demo fleet) behind
 * the real gateway serving the production builds. Ports come from the worker's slot (tests/slot.ts),
 * away from a product started with `npm start`.
 */
function stackForSlot(slot: number) {
  const ports = slotPorts(slot);
  return {
    command: 'pnpm --filter @rastro/gateway run serve:embedded',
    url: `${localUrl(ports.gateway)}/rastro/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(ports.gateway),
      TRACKER_PORT: String(ports.tracker),
      OSMAND_PORT: String(ports.osmand),
      TRACKER_DATA_DIR: 'memory://',
      GATEWAY_DATA_DIR: 'memory://',
      // Every simulator step repaints each open map several times, and in software WebGL a repaint
      // costs a core for a fifth of a second: a step every 2 s halves what the map takes from the suite.
      SIM_INTERVAL_MS: '2000',
      LOG_LEVEL: 'warn',
      // Billing charges at the slot's own Asaas-compatible server, on its calendar (billing.spec.ts moves it).
      DEMO_ASAAS_PORT: String(ports.asaas),
      DEMO_ASAAS_API_KEY: DEMO_ASAAS.apiKey,
      DEMO_ASAAS_WEBHOOK_TOKEN: DEMO_ASAAS.webhookToken,
      BILLING_RUN_INTERVAL_MS: '1000',
      // A minute of a QR driver's timers lasts 5 s, so qr-driver.spec.ts sees a timed sign-out without waiting minutes.
      QR_DRIVER_MINUTE_MS: '5000',
      // No network here: the out-of-the-box OpenStreetMap tiles would fail and the map fall back with a
      // notice. The offline background keeps every map test deterministic; map-base-maps.spec.ts serves
      // the providers' tiles itself.
      DEFAULT_BASE_MAP: 'offline',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Files are shared out between the workers; the tests of one file run in order on one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    // Overridden per worker by tests/fixtures.ts; this is slot 0's, for tools that read the config.
    baseURL: localUrl(slotPorts(0).gateway),
    locale: 'pt-BR',
    // Off unless asked for (E2E_TRACE=1): a trace snapshots the page at every action, CPU the suite
    // cannot spare on two cores, and CI keeps only what the run prints.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // The shell's service worker would precache the app in every test's context (CPU the suite
    // cannot spare), and requests it handles escape page.route(), which the map and fault specs
    // rely on. pwa.spec.ts, the worker's own spec, allows it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: BROWSER_ARGS },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => stackForSlot(slot)),
});
