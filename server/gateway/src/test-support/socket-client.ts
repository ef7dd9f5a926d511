import WebSocket from 'ws';

export interface OpenedSocket {
  socket: WebSocket;
  /** Resolves with the next text message, parsed as JSON. */
  next<T = unknown>(): Promise<T>;
  /** Resolves with the close code. */
  closed: Promise<number>;
}

/** Opens a websocket and queues its messages, so none is lost between `open` and the test's `next()`. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<OpenedSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const queue: unknown[] = [];
    const waiting: Array<(value: unknown) => void> = [];
    socket.on('message', (data) => {
      const message: unknown = JSON.parse(data.toString());
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.once('open', () =>
      resolve({
        socket,
        closed,
        next: <T>() => new Promise<T>((done) => (queue.length ? done(queue.shift() as T) : waiting.push(done as (value: unknown) => void))),
      }),
    );
    socket.once('unexpected-response', (_req, response) => {
      reject(new Error(`refused with HTTP ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}
