// The embedded PostgreSQL (PGlite), run in a worker thread. Two reasons:
// - PGlite executes queries synchronously in WASM: on the main thread every INSERT of the simulator
//   would stall HTTP and websocket traffic;
// - PGlite loads parts of itself with dynamic import(), which Jest's module sandbox refuses; a
//   worker is a plain Node context, so the tracker runs the same under Jest, tsx and node.
// Plain CommonJS on purpose: it is loaded by path, without any TypeScript tooling.
// Protocol: { id, type: 'query' | 'exec' | 'listen' | 'unlisten' | 'close', sql?, params?, channel? }
// → { id, ok, result | error }; and, unasked, { notification: { channel, payload } } for each NOTIFY
// on a channel listened to.
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

const db = new PGlite(workerData.dataDir);
/** channel → PGlite's subscription (resolving to its unsubscribe): one per channel, its owner fans out. */
const listening = new Map();

async function run(message) {
  await db.waitReady;
  switch (message.type) {
    case 'ready':
      return null;
    case 'query':
      return (await db.query(message.sql, message.params)).rows;
    case 'exec':
      await db.exec(message.sql);
      return null;
    case 'listen': {
      const channel = message.channel;
      // The promise is kept at once: a second 'listen' while the first is under way waits for it.
      if (!listening.has(channel)) listening.set(channel, db.listen(channel, (payload) => parentPort.postMessage({ notification: { channel, payload } })));
      await listening.get(channel);
      return null;
    }
    case 'unlisten': {
      const subscribed = listening.get(message.channel);
      listening.delete(message.channel);
      if (subscribed) await (await subscribed)();
      return null;
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown request ${message.type}`);
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) =>
      parentPort.postMessage({
        id: message.id,
        ok: false,
        error: { message: error instanceof Error ? error.message : String(error), code: error && error.code },
      }),
  );
});
