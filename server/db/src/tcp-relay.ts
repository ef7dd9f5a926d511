import net, { type Socket } from 'node:net';

export interface TcpRelay {
  /** host:port to connect to instead of the target. */
  port: number;
  /** The target goes away: open connections are cut, new ones closed at once. */
  cut(): void;
  /** The target stops answering but keeps every connection open (a frozen server, a black-holed network). */
  freeze(): void;
  /** The target is back: new connections reach it again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to `target` that a test can cut and restore, as a database server going away and coming back (the gateway's outage tests, e2e and integration). */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const open = new Set<Socket>();
  let up = true;
  let frozen = false;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      open.add(from);
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
      from.on('error', () => to.destroy());
      // Frozen: what arrives is swallowed, nothing is answered, nothing is closed.
      from.on('data', (chunk: Buffer) => {
        if (!frozen) to.write(chunk);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    port: address.port,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    freeze() {
      frozen = true;
    },
    restore() {
      up = true;
      frozen = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
