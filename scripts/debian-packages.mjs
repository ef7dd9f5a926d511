// Debian packages the test command needs on a fresh machine (chromium, postgresql).
import { spawnSync } from 'node:child_process';

let updated = false;

/** apt-get install, as root directly or else through password-less sudo; `apt-get update` once. */
export function aptInstall(...packages) {
  const apt = (...args) => {
    const [command, commandArgs] = process.getuid?.() === 0 ? ['apt-get', args] : ['sudo', ['-n', 'apt-get', ...args]];
    const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (exit ${result.status ?? result.signal})`);
  };
  if (!updated) apt('update');
  updated = true;
  apt('install', '-y', '--no-install-recommends', ...packages);
}
