// The embedded PostgreSQL (PGlite), run in a worker thread. Two reasons:
// - PGlite executes queries synchronously in WASM: on the main thread every INSERT of the simulator
//   would stall HTTP and websocket traffic;
// - PGlite loads parts of itself with dynamic import(), which Jest's module sandbox refuses; a
//   worker is a plain Node context, so the tracker runs the same under Jest, tsx and node.
// Plain CommonJS on purpose: it is loaded by path, without any TypeScript tooling.
// Protocol: { id, type: 'query' | 'exec' | 'copy' | 'listen' | 'unlisten' | 'close', sql?, params?, channel? }
// → { id, ok, result | error } ('copy': the binary COPY's bytes, an ArrayBuffer handed over, not
// copied); and, unasked, { notification: { channel, payload } } for each NOTIFY
// on a channel listened to.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

/** PGlite's own version, so that a template made by another version is never loaded. */
function pgliteVersion() {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (name === '@electric-sql/pglite') return version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/**
 * A throw-away database starts from a copy of a freshly initialised cluster kept in the temporary
 * folder: initdb in WASM costs seconds, loading its result a fraction of that, and the unit tests
 * and the e2e stacks open dozens of throw-away databases. The first one makes the copy (written
 * aside and renamed, so a reader never sees half of it); an unreadable copy is made again.
 */
async function openThrowAway() {
  const template = path.join(os.tmpdir(), `rastro-pglite-${pgliteVersion()}-initdb.tar`);
  if (fs.existsSync(template)) {
    try {
      const fromTemplate = new PGlite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
      await fromTemplate.waitReady;
      return fromTemplate;
    } catch {
      fs.rmSync(template, { force: true });
    }
  }
  const fresh = new PGlite();
  await fresh.waitReady;
  const aside = `${template}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    fs.writeFileSync(aside, Buffer.from(await (await fresh.dumpDataDir('none')).arrayBuffer()));
    fs.renameSync(aside, template);
  } catch {
    fs.rmSync(aside, { force: true });
  }
  return fresh;
}

const opening = workerData.dataDir === 'memory://' ? openThrowAway() : Promise.resolve(new PGlite(workerData.dataDir));
let db = null;
/** channel → PGlite's subscription (resolving to its unsubscribe): one per channel, its owner fans out. */
const listening = new Map();

async function run(message) {
  db ??= await opening;
  await db.waitReady;
  switch (message.type) {
    case 'ready':
      return null;
    case 'query':
      return (await db.query(message.sql, message.params)).rows;
    case 'exec':
      await db.exec(message.sql);
      return null;
    case 'copy': {
      // PGlite writes what a COPY sends to '/dev/blob' into one Blob: no protocol message per row.
      const { blob } = await db.query(`COPY (${message.sql}) TO '/dev/blob' WITH (FORMAT binary)`);
      return blob ? await blob.arrayBuffer() : new ArrayBuffer(0);
    }
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
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []),
    (error) =>
      parentPort.postMessage({
        id: message.id,
        ok: false,
        error: { message: error instanceof Error ? error.message : String(error), code: error && error.code },
      }),
  );
});
