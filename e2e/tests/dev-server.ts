import { spawn } from 'node:child_process';
import path from 'node:path';

export interface DevServer {
  url: string;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Starts a remote's own dev server (`pnpm --filter <package> dev`, as the README says) on `port`,
 * proxying /api and /rastro to `gatewayUrl`; resolves once its page answers, i.e. once webpack has
 * compiled (the dev server holds requests until then).
 */
export async function startRemoteDevServer({ packageName, port, gatewayUrl, timeoutMs }: { packageName: string; port: number; gatewayUrl: string; timeoutMs: number }): Promise<DevServer> {
  const child = spawn('pnpm', ['--filter', packageName, 'run', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: repoRoot,
    env: { ...process.env, RASTRO_GATEWAY_URL: gatewayUrl },
    // Its own process group, so stopping it also stops webpack under pnpm's shell.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${packageName} dev server exited with ${child.exitCode}:\n${stderr}`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${packageName} dev server did not answer on ${url} within ${timeoutMs} ms:\n${stderr}`);
}
