// A throw-away PostgreSQL server for the unit tests, so the tracker's `pg` driver is exercised
// against the real thing and not only PGlite. Debian's server binaries (installed when missing),
// a cluster in a temporary folder, a free loopback port, trust authentication; removed at the end,
// also when the run fails or is interrupted.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './debian-packages.mjs';

// Debian's layout; other copies on PATH are ignored on purpose: a fresh CI machine has none.
const DEBIAN_ROOT = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'postgres', 'createdb'];
const SUPERUSER = 'postgres';
const DATABASE = 'rastro_test';
// PostgreSQL refuses to run as root; Debian's package creates this account.
const SERVICE_ACCOUNT = 'postgres';

/** The newest `/usr/lib/postgresql/<major>/bin` holding every tool we need, or null. */
export function findServerBin() {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const majors = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const bins = majors.map((major) => path.join(DEBIAN_ROOT, major, 'bin'));
  return bins.find((bin) => TOOLS.every((tool) => existsSync(path.join(bin, tool)))) ?? null;
}

export function ensurePostgresInstalled() {
  if (findServerBin()) return;
  console.log('\n▶ Installing Debian postgresql for the database tests');
  aptInstall('postgresql');
  if (!findServerBin()) throw new Error(`no PostgreSQL server under ${DEBIAN_ROOT}/*/bin after installing postgresql`);
}

function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function idOf(flag) {
  const result = spawnSync('id', [flag, SERVICE_ACCOUNT], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`no '${SERVICE_ACCOUNT}' account to run PostgreSQL as: ${result.stderr.trim()}`);
  return Number(result.stdout);
}

/** Runs a server tool as the service account when we are root, as ourselves otherwise. */
function runTool(bin, tool, args, cwd) {
  const executable = path.join(bin, tool);
  const [command, commandArgs] = process.getuid?.() === 0 ? ['runuser', ['-u', SERVICE_ACCOUNT, '--', executable, ...args]] : [executable, args];
  // pg_ctl -l sends the server's output to its log file, so these pipes close when pg_ctl exits.
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * Starts the server and creates an empty database. Returns its URL (superuser, no password) and
 * `stop()`, which is idempotent and also runs by itself when the process exits.
 */
export async function startTestPostgres() {
  const bin = findServerBin();
  if (!bin) throw new Error(`no PostgreSQL server under ${DEBIAN_ROOT}/*/bin (call ensurePostgresInstalled first)`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'rastro-postgres-'));
  if (process.getuid?.() === 0) chownSync(folder, idOf('-u'), idOf('-g'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    // Nothing to keep: 'immediate' skips the shutdown checkpoint.
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      try {
        runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], folder);
      } catch (error) {
        console.error(`✖ could not stop the test PostgreSQL: ${error.message}`);
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const interrupted = (signal) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.on('exit', stop);
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  try {
    runTool(bin, 'initdb', ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], folder);
    const port = await freeLoopbackPort();
    // A test database: durability is not worth its cost. The socket goes in our folder, not /run.
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    try {
      runTool(bin, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start'], folder);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no server log)';
      throw new Error(`${error.message}\nserver log:\n${log}`, { cause: error });
    }
    runTool(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, DATABASE], folder);
    const version = runTool(bin, 'postgres', ['--version'], folder).trim();
    console.log(`${version} on 127.0.0.1:${port}, data in ${folder}`);
    return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
