// Hosts a PGlite database in a worker thread for the server tests. PGlite loads its WASM runtime
// with dynamic import(), which jest's module sandbox refuses; a worker uses Node's own loader.
const { readFileSync, writeFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');

// The same extensions as production (src/db/pglite.ts).
const options = { extensions: { pg_trgm } };
// A copy of the run's migrated template (globalSetup.ts) instead of a fresh cluster: loading its
// files takes about a quarter of the time PGlite's initdb does, and no migration runs again.
if (workerData.loadDataDir) options.loadDataDir = new Blob([readFileSync(workerData.loadDataDir)]);
const pglite = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
// Change notifications go to the main thread as they come (src/db/pglite.ts does the same in
// process): PGlite hands them over while reading a statement's answer, so the message is posted
// before the one answering the statement.
const ready = pglite.waitReady.then(() =>
  Promise.all(
    workerData.channels.map((channel) =>
      pglite.listen(channel, (payload) => parentPort.postMessage({ notification: payload, channel })),
    ),
  ),
);

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    await ready;
    let result;
    if (op === 'query') result = (await pglite.query(sql, params)).rows;
    else if (op === 'exec') await pglite.exec(sql);
    else if (op === 'close') await pglite.close();
    else if (op === 'copy') await pglite.query(sql.replace(/\bfrom\s+stdin\b/i, "from '/dev/blob'"), [], { blob: new Blob([params[0]]) });
    else if (op === 'dump') writeFileSync(sql, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
