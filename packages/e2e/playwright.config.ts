import { defineConfig } from '@playwright/test';

/** Ports of their own, so the suite can run beside a product started with `npm start`. */
export const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
const TRACKER_PORT = Number(process.env.E2E_TRACKER_PORT ?? 18082);
const OSMAND_PORT = Number(process.env.E2E_OSMAND_PORT ?? 15055);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${GATEWAY_PORT}`,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download cannot work on this network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The real thing: the embedded tracker (in-memory PGlite, moving demo fleet) behind the real gateway
    // serving the production builds.
    command: 'pnpm --filter @rastro/gateway run serve:embedded',
    url: `http://127.0.0.1:${GATEWAY_PORT}/rastro/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(GATEWAY_PORT),
      TRACKER_PORT: String(TRACKER_PORT),
      OSMAND_PORT: String(OSMAND_PORT),
      TRACKER_DATA_DIR: 'memory://',
      GATEWAY_DATA_DIR: 'memory://',
      SIM_INTERVAL_MS: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
