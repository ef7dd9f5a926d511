const { PGlite } = require('@electric-sql/pglite');
(async () => {
  let t = Date.now();
  const db = new PGlite('memory://'); await db.waitReady;
  console.log('new PGlite', Date.now() - t); t = Date.now();
  const tar = await db.dumpDataDir('none'); console.log('dump', Date.now() - t, tar.size); t = Date.now();
  const db2 = new PGlite({ loadDataDir: tar }); await db2.waitReady;
  console.log('from dump', Date.now() - t); t = Date.now();
  const db3 = new PGlite('memory://'); await db3.waitReady;
  console.log('second new', Date.now() - t);
})();
