import { connect } from 'node:net';
import os from 'node:os';
import { startTracker } from './index';

/** An address of this machine other clients on the network would use, if it has one. */
function networkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

// The tracking API carries none of the gateway's rules: on the network it would let anyone skip them.
describe('what the tracker exposes to the network by default', () => {
  const address = networkAddress();
  const withNetwork = address ? it : it.skip;

  withNetwork('the tracking API answers on loopback only; the OsmAnd port, for devices, on every interface', async () => {
    const tracker = await startTracker({ port: 0, dataDir: 'memory://', simulator: { enabled: false } });
    try {
      expect(await reachable('127.0.0.1', tracker.port)).toBe(true);
      expect(await reachable(address as string, tracker.port)).toBe(false);
      expect(await reachable(address as string, tracker.osmandPort)).toBe(true);
    } finally {
      await tracker.close();
    }
  }, 120_000);
});
