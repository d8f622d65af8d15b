// The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) and the socket server
// that speaks the wire protocol for it, so the statements run beside the HTTP event loop, on another
// core, not inside it. Plain JavaScript: a worker thread runs without the TypeScript loader of its
// parent (vitest, tsx). embedded.ts starts it and talks to it with the messages below.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataPath: string | null, maxConnections: number, snapshot: string | null }} */
const { dataPath, maxConnections, snapshot } = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;

try {
  // A snapshot is a data directory's tarball (PGlite's dumpDataDir): the database starts as it was.
  const loadDataDir = snapshot ? new Blob([await readFile(snapshot)]) : undefined;
  db = await PGlite.create(dataPath ?? undefined, loadDataDir ? { loadDataDir } : {});
  server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  parentPort?.postMessage({ type: 'ready', address: server.getServerConn() });
} catch (err) {
  await db?.close().catch(() => undefined);
  parentPort?.postMessage({ type: 'failed', message: String(err?.message ?? err), stack: err?.stack });
  process.exit(1);
}

parentPort?.on('message', async (message) => {
  if (message?.type !== 'stop') return;
  try {
    await server?.stop();
    await db?.close();
    parentPort?.postMessage({ type: 'stopped' });
  } catch (err) {
    parentPort?.postMessage({ type: 'failed', message: String(err?.message ?? err), stack: err?.stack });
  }
  parentPort?.close();
});
