#!/usr/bin/env node
// The README's two commands, for a fresh machine with only Node ≥ 20 and npm:
//   npm start  → install everything, build the front end, start tracker + gateway, print the URL
//   npm test   → install everything (Debian's Chromium and PostgreSQL too), then type check, lint,
//                unit tests of every package (with a throw-away PostgreSQL server), build, and the
//                Playwright suite against the real apps.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './debian-packages.mjs';
import { ensurePostgresInstalled, startTestPostgres } from './test-postgres.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PNPM_VERSION = '12.21.0';
/** Debian's two Chromium builds: the lean headless one runs the e2e suite, the full one what it cannot (e2e/tests/browsers.ts). */
const BROWSERS = [
  { package: 'chromium-headless-shell', path: process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell', env: 'CHROMIUM_HEADLESS_SHELL_PATH' },
  { package: 'chromium', path: process.env.CHROMIUM_PATH || '/usr/bin/chromium', env: 'CHROMIUM_PATH' },
];

const startedAt = Date.now();
let stepStartedAt = null;

/** Prints the next step's title, and how long the previous one took, so slow CI runs can be read. */
function step(title) {
  const now = Date.now();
  if (stepStartedAt !== null) console.log(`  (${Math.round((now - stepStartedAt) / 1000)} s; ${Math.round((now - startedAt) / 1000)} s in all)`);
  stepStartedAt = now;
  console.log(`\n▶ ${title}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/**
 * pnpm from the machine when it is recent enough, else a private copy under .tools (no root
 * needed). The private copy's folder goes on PATH, because package scripts call `pnpm` themselves.
 */
function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && Number(probe.stdout.split('.')[0]) >= 10) return 'pnpm';
  const binDir = path.join(root, '.tools', 'node_modules', '.bin');
  const local = path.join(binDir, 'pnpm');
  if (!existsSync(local)) {
    step(`Installing pnpm ${PNPM_VERSION} into .tools`);
    run('npm', ['install', '--prefix', path.join(root, '.tools'), '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
  }
  process.env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
  return local;
}

/** The e2e suite drives Debian's Chromium; Playwright's own browser download cannot work here. */
function ensureChromium() {
  const missing = BROWSERS.filter((browser) => !existsSync(browser.path));
  if (missing.length > 0) {
    step(`Installing Debian ${missing.map((browser) => browser.package).join(' and ')} for the browser tests`);
    aptInstall(...missing.map((browser) => browser.package));
  }
  for (const browser of BROWSERS) {
    if (!existsSync(browser.path)) {
      console.error(`✖ ${browser.package} is still missing at ${browser.path}`);
      process.exit(1);
    }
    process.env[browser.env] = browser.path;
  }
}

/**
 * Runs single-threaded commands side by side (the type checker and the linter each use one core),
 * failing like `run` if any fails once all have ended.
 */
async function runTogether(commands) {
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
          child.on('error', () => resolve(1));
          child.on('exit', (code, signal) => resolve(code ?? signal));
        }),
    ),
  );
  commands.forEach(([command, args], index) => {
    if (codes[index] !== 0) console.error(`✖ ${command} ${args.join(' ')} failed (exit ${codes[index]})`);
  });
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(typeof failed === 'number' ? failed : 1);
}

/** Runs `fn`, turning a thrown error into a clean failure of the test command. */
async function orFail(fn) {
  try {
    return await fn();
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const command = process.argv[2];
const pnpm = ensurePnpm();

step('Installing dependencies');
run(pnpm, ['install', '--frozen-lockfile']);

if (command === 'start') {
  step('Building the shell and the five remotes');
  run(pnpm, ['run', 'build']);
  step('Starting tracker and gateway');
  run(pnpm, ['run', 'serve']);
} else if (command === 'test') {
  await orFail(() => ensureChromium());
  await orFail(() => ensurePostgresInstalled());
  step('Type check and lint, side by side');
  await runTogether([
    [pnpm, ['run', 'typecheck']],
    [pnpm, ['run', 'lint']],
  ]);
  step("Unit tests (every package; the tracker's database tests on PGlite and a throw-away PostgreSQL)");
  const postgres = await orFail(() => startTestPostgres());
  process.env.TEST_DATABASE_URL = postgres.url;
  run(pnpm, ['run', 'unit']); // on failure it exits, and the server is stopped on exit
  postgres.stop();
  delete process.env.TEST_DATABASE_URL;
  step('Building the shell and the five remotes');
  run(pnpm, ['run', 'build']);
  step('End-to-end tests in Chromium against the built apps, gateway and tracker');
  run(pnpm, ['run', 'e2e']);
  step('Done');
  console.log('✔ all tests passed');
} else {
  console.error('usage: node scripts/rastro.mjs start|test');
  process.exit(2);
}
