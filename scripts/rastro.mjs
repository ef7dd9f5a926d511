#!/usr/bin/env node
// The README's two commands, for a fresh machine with only Node ≥ 20 and npm:
//   npm start  → install everything, build the front end, start tracker + gateway, print the URL
//   npm test   → install everything (Debian's Chromium too), build, then type check, lint,
//                unit tests of every package and the Playwright suite against the real apps.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PNPM_VERSION = '12.21.0';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function step(title) {
  console.log(`\n▶ ${title}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** pnpm from the machine when it is recent enough, else a private copy under .tools (no root needed). */
function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && Number(probe.stdout.split('.')[0]) >= 10) return 'pnpm';
  const local = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (!existsSync(local)) {
    step(`Installing pnpm ${PNPM_VERSION} into .tools`);
    run('npm', ['install', '--prefix', path.join(root, '.tools'), '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
  }
  return local;
}

/** The e2e suite drives Debian's Chromium; Playwright's own browser download cannot work here. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  step('Installing Debian chromium for the browser tests');
  process.env.DEBIAN_FRONTEND = 'noninteractive';
  // As root apt-get runs directly; otherwise through password-less sudo.
  const apt = (...args) => (process.getuid?.() === 0 ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]));
  apt('update');
  apt('install', '-y', '--no-install-recommends', 'chromium');
  if (!existsSync(CHROMIUM)) {
    console.error(`✖ chromium is still missing at ${CHROMIUM}`);
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
  ensureChromium();
  process.env.CHROMIUM_PATH = CHROMIUM;
  step('Type check');
  run(pnpm, ['run', 'typecheck']);
  step('Lint');
  run(pnpm, ['run', 'lint']);
  step('Unit tests (every package)');
  run(pnpm, ['run', 'unit']);
  step('Building the shell and the five remotes');
  run(pnpm, ['run', 'build']);
  step('End-to-end tests in Chromium against the built apps, gateway and tracker');
  run(pnpm, ['run', 'e2e']);
  console.log('\n✔ all tests passed');
} else {
  console.error('usage: node scripts/rastro.mjs start|test');
  process.exit(2);
}
