// The embedded PostgreSQL (PGlite), run in a worker thread. Two reasons:
// - PGlite executes queries synchronously in WASM: on the main thread every INSERT of the simulator
//   would stall HTTP and websocket traffic;
// - PGlite loads parts of itself with dynamic import(), which Jest's module sandbox refuses; a
//   worker is a plain Node context, so the tracker runs the same under Jest, tsx and node.
// Plain CommonJS on purpose: it is loaded by path, without any TypeScript tooling.
// Protocol: { id, type: 'ready' | 'query' | 'exec' | 'copy' | 'listen' | 'unlisten' | 'saveSchemaTemplate' | 'close', sql?, params?, channel? }
// → { id, ok, result | error } ('ready' answers { migrated }: whether the database came from a migrated
// copy; 'copy': the binary COPY's bytes, an ArrayBuffer handed over, not copied); and, unasked,
// { notification: { channel, payload } } for each NOTIFY
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

const TEMPLATE_PREFIX = 'rastro-pglite-';
/** The copies kept, the most recently used: one per schema (and seed) that tests or stacks open. */
const TEMPLATES_KEPT = 32;

/** Where a throw-away database's starting copy is kept: `name` says which (initdb's, or a schema's). */
const templatePath = (name) => path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${pgliteVersion()}-${name}.tar`);

/**
 * The database's files as one tar, written aside and renamed, so a reader never sees half of it.
 * Not gzipped: 40 MB (mostly an empty WAL segment) would be 6 MB, but unzipping it took half a
 * CPU-second of every open. The oldest copies then go: every change to an owner's schema or seed
 * makes another.
 */
async function saveTemplate(database, file) {
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    fs.writeFileSync(aside, Buffer.from(await (await database.dumpDataDir('none')).arrayBuffer()));
    fs.renameSync(aside, file);
  } catch {
    fs.rmSync(aside, { force: true });
  }
  pruneTemplates();
}

/** Marks a copy as just used (pruneTemplates keeps the copies used last); gone meanwhile is fine. */
function touch(file) {
  const now = new Date();
  try {
    fs.utimesSync(file, now, now);
  } catch {
    // Another process pruned it: this database is loaded already.
  }
}

/** Removes all but the TEMPLATES_KEPT copies used last (a copy's time is touched when it is loaded). */
function pruneTemplates() {
  const dir = os.tmpdir();
  const lastUsed = (file) => {
    try {
      return fs.statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  };
  const copies = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.tar'))
    .map((name) => ({ file: path.join(dir, name), used: lastUsed(path.join(dir, name)) }))
    .sort((a, b) => b.used - a.used);
  for (const { file } of copies.slice(TEMPLATES_KEPT)) fs.rmSync(file, { force: true });
}

/**
 * A database from a saved copy, in memory or in `folder` (one without a database yet), or null
 * when there is no copy; an unreadable copy goes, and the caller makes its database without it.
 */
async function fromTemplate(file, folder) {
  if (!fs.existsSync(file)) return null;
  try {
    const loaded = new PGlite({ dataDir: folder, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await loaded.waitReady;
    touch(file);
    return loaded;
  } catch {
    fs.rmSync(file, { force: true });
    if (folder) for (const entry of fs.readdirSync(folder)) fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
    return null;
  }
}

/**
 * A throw-away database starts from a copy kept in the temporary folder: initdb in WASM costs
 * seconds, loading its result a fraction of that, and the unit tests and the e2e stacks open
 * dozens of throw-away databases. The first one makes the copy. With `schemaKey` (a hash of the
 * owner's migration, see pglite-database.ts) the copy of an already migrated database is loaded
 * when there is one (`migrated`): the owner's migrations, run by every open, cost as much again.
 */
async function openThrowAway(schemaKey) {
  if (schemaKey) {
    const migrated = await fromTemplate(templatePath(`schema-${schemaKey}`));
    if (migrated) return { database: migrated, migrated: true };
  }
  const initdb = templatePath('initdb');
  const loaded = await fromTemplate(initdb);
  if (loaded) return { database: loaded, migrated: false };
  const fresh = new PGlite();
  await fresh.waitReady;
  await saveTemplate(fresh, initdb);
  return { database: fresh, migrated: false };
}

/** A database in a folder; a new one (no PG_VERSION yet) also starts from initdb's copy when there is one. */
async function openFolder(folder) {
  const isNew = !fs.existsSync(path.join(folder, 'PG_VERSION'));
  if (isNew) fs.mkdirSync(folder, { recursive: true });
  return { database: (isNew && (await fromTemplate(templatePath('initdb'), folder))) || new PGlite(folder), migrated: false };
}

const opening = workerData.dataDir === 'memory://' ? openThrowAway(workerData.schemaKey) : openFolder(workerData.dataDir);
/** channel → PGlite's subscription (resolving to its unsubscribe): one per channel, its owner fans out. */
const listening = new Map();

async function run(message) {
  const { database: db, migrated } = await opening;
  await db.waitReady;
  switch (message.type) {
    case 'ready':
      return { migrated };
    case 'saveSchemaTemplate':
      // Only a migrated throw-away database that did not come from the copy asks (see pglite-database.ts).
      await saveTemplate(db, templatePath(`schema-${workerData.schemaKey}`));
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
