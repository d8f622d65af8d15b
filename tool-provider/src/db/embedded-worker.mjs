// The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) and the socket server
// that speaks the wire protocol for it, so the statements run beside the HTTP event loop, on another
// core, not inside it. Plain JavaScript: a worker thread runs without the TypeScript loader of its
// parent (vitest, tsx). embedded.ts starts it and talks to it with the messages below.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataPath: string | null, maxConnections: number }} */
const { dataPath, maxConnections } = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;

try {
  db = dataPath ? await PGlite.create(dataPath) : await PGlite.create();
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
