// `pnpm --filter @rastro/e2e run bench:weight` (and the root `pnpm bench`): how much JavaScript the
// browser fetches, counted as issue 22 counts it: every script response, each compressed with
// gzip -9, summed. Two moments: the login, until its password field shows; then, after signing in,
// the live map with every device's marker drawn. Prints one JSON document for the README.
//   WEIGHT_DEVICES (20)  WEIGHT_GATEWAY_PORT (21080)  WEIGHT_TRACKER_PORT (21082)  WEIGHT_OSMAND_PORT (21055)  CHROMIUM_HEADLESS_SHELL_PATH
// Needs the production builds (`pnpm build`) and Debian's chromium-headless-shell.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchHeadlessShell } from '../tests/browsers';
import type { Response } from '@playwright/test';
import { installPageProbes } from './pageProbes';
import { startStack } from './stack';

const devices = Number(process.env.WEIGHT_DEVICES ?? 20);
const ports = {
  gatewayPort: Number(process.env.WEIGHT_GATEWAY_PORT ?? 21080),
  trackerPort: Number(process.env.WEIGHT_TRACKER_PORT ?? 21082),
  osmandPort: Number(process.env.WEIGHT_OSMAND_PORT ?? 21055),
};
const demo = { email: 'admin@rastro.demo', password: 'admin' };

interface Weight {
  scripts: number;
  rawKB: number;
  gzipKB: number;
  files: { url: string; gzipKB: number }[];
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));

/** Every script the page has fetched so far, gzip -9 each and summed (KB are 1000 bytes). */
function weigh(scripts: Map<string, Buffer>): Weight {
  const files = [...scripts].map(([url, body]) => ({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
  return {
    scripts: files.length,
    rawKB: kb(files.reduce((sum, file) => sum + file.raw, 0)),
    gzipKB: kb(files.reduce((sum, file) => sum + file.gzip, 0)),
    files: files.sort((a, b) => b.gzip - a.gzip).map((file) => ({ url: file.url, gzipKB: kb(file.gzip) })),
  };
}

async function main(): Promise<void> {
  if (!existsSync(path.resolve(__dirname, '..', '..', 'shell', 'dist', 'index.html'))) throw new Error('no production build: run `pnpm build` first');
  const stack = await startStack({ ...ports, devices, simIntervalMs: 1000 });
  const browser = await launchHeadlessShell();
  try {
    const page = await browser.newPage({ baseURL: stack.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const scripts = new Map<string, Buffer>();
    const pending: Promise<void>[] = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => void scripts.set(response.url(), body),
          () => undefined,
        ),
      );
    });
    // tsx (esbuild) wraps named functions in a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.addInitScript(installPageProbes);

    await page.goto('/login');
    await page.locator('#login-password').waitFor({ state: 'visible' });
    await Promise.all(pending);
    const login = weigh(scripts);

    await page.locator('#login-email').fill(demo.email);
    await page.locator('#login-password').fill(demo.password);
    await page.evaluate((target) => (window.rastroBench.markersTarget = target), devices);
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => window.rastroBench.allMarkersAt !== null, undefined, { timeout: 120_000, polling: 250 });
    await Promise.all(pending);
    const map = weigh(scripts);

    console.log(JSON.stringify({ benchmark: 'JavaScript fetched (gzip -9 per script)', login, mapWithAllMarkers: { ...map, devices } }, null, 2));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error('[login-weight] failed:', error);
  process.exit(1);
});
