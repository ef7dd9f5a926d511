import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// `npm start` runs this very program: the embedded tracker and the gateway in one process. These
// tests start it for real and check what an operator relies on: it says where it runs, writes
// structured logs, answers its health check, and stops cleanly on SIGTERM (a deploy, Ctrl-C).

const gatewayDir = path.resolve(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startEmbedded() {
  const [port, trackerPort, osmandPort] = [await freePort(), await freePort(), await freePort()];
  // Node itself with tsx as a loader, not the tsx wrapper: the wrapper relays signals racily and
  // then reports the signal (143) instead of the product's own exit code.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/embedded.ts'], {
    cwd: gatewayDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACKER_PORT: String(trackerPort),
      OSMAND_PORT: String(osmandPort),
      TRACKER_DATA_DIR: 'memory://',
      GATEWAY_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      TRACCAR_URL: '',
      SIM_DEVICES: '5',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Rastro is running at')) {
    if (child.exitCode !== null) throw new Error(`the embedded product exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the embedded product did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, exited, output: () => output };
}

describe('the embedded product (npm start)', () => {
  it('starts, logs as JSON, answers its health check, and shuts down cleanly on SIGTERM', async () => {
    const product = await startEmbedded();
    try {
      expect(product.output()).toContain(`Rastro is running at http://localhost:${product.port}`);
      const health = await fetch(`http://127.0.0.1:${product.port}/rastro/health`);
      expect(health.status).toBe(200);

      const logLines = product
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; time: number; msg: string });
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.every((line) => typeof line.level === 'number' && typeof line.time === 'number')).toBe(true);

      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);
      expect(product.output()).toContain('SIGTERM received, shutting down');
      await expect(fetch(`http://127.0.0.1:${product.port}/rastro/health`)).rejects.toThrow();
    } finally {
      if (product.child.exitCode === null) product.child.kill('SIGKILL');
    }
  }, 90_000);
});
