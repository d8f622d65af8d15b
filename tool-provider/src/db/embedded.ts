import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import lockfile from 'proper-lockfile';

/** An embedded PostgreSQL (PGlite) reachable over the wire protocol on a loopback port. */
export interface EmbeddedPostgres {
  /** postgres:// URL of the embedded server, for pg / Sequelize. */
  url: string;
  stop(): Promise<void>;
}

/** Thrown when another process already owns the data directory. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another Kib process. Stop it, or start this one with another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

const MAX_CONNECTIONS = 32;

/**
 * The file in a data directory where the process that owns it says how to reach its embedded
 * database (see {@link findRunningEmbedded}); it exists only while that process runs.
 */
export const EMBEDDED_FILE = 'embedded.json';

/** What {@link EMBEDDED_FILE} holds: the running owner's database URL and process id. */
export interface RunningEmbedded {
  url: string;
  pid: number;
}

/** Only a loopback URL of pglite-socket is ever connected to, whatever the file says. */
const LOOPBACK_URL = /^postgres:\/\/postgres@127\.0\.0\.1:\d{1,5}\/postgres$/;

/**
 * Starts PGlite on `dataDir/pgdata` (or in memory when dataDir is null) behind pglite-socket on
 * 127.0.0.1 and a free port. One process owns a data directory at a time: a lock file guards it.
 * With `publish`, the owner also writes the URL and its pid to `dataDir/embedded.json` (mode 0600)
 * and removes it when it stops, so `npm run lti` can work on the database of a running Kib. With
 * `snapshot` (the path of a tarball that PGlite's `dumpDataDir` wrote), an in-memory database starts
 * as that snapshot's.
 */
export async function startEmbeddedPostgres(
  dataDir: string | null,
  options: { publish?: boolean; snapshot?: string } = {},
): Promise<EmbeddedPostgres> {
  let release: (() => Promise<void>) | undefined;
  const infoFile = dataDir ? path.join(dataDir, EMBEDDED_FILE) : null;
  if (dataDir && infoFile) {
    await fs.mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
    // Whoever holds the lock owns the directory: a file left here is a dead owner's.
    await fs.rm(infoFile, { force: true });
  }
  let thread: DatabaseThread;
  try {
    thread = await startDatabaseThread(
      dataDir ? path.join(dataDir, 'pgdata') : null,
      options.snapshot ?? null,
    );
  } catch (err) {
    await release?.();
    throw err;
  }
  const url = `postgres://postgres@${thread.address}/postgres`;
  const published = Boolean(options.publish && infoFile);
  if (published && infoFile) {
    const running: RunningEmbedded = { url, pid: process.pid };
    const partial = `${infoFile}.${process.pid}.tmp`;
    await fs.writeFile(partial, JSON.stringify(running), { mode: 0o600 });
    await fs.rename(partial, infoFile);
  }
  return {
    url,
    async stop() {
      // First the address goes, so no command connects to a database that is closing.
      if (published && infoFile) await fs.rm(infoFile, { force: true });
      await thread.stop();
      await release?.();
    },
  };
}

/** The embedded database's worker thread (embedded-worker.mjs), once it serves. */
interface DatabaseThread {
  /** host:port of its socket server. */
  address: string;
  stop(): Promise<void>;
}

/** What the worker thread tells: it serves, it failed, it stopped. */
type ThreadMessage =
  | { type: 'ready'; address: string }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'stopped' };

/**
 * Runs PGlite and its socket server in a worker thread, so the WebAssembly database works on its
 * own core instead of sharing the event loop with HTTP (ADR 14). Connections reach it over loopback
 * exactly as before. A thread that ends without being stopped takes the process with it: every
 * query would fail, and a process manager restarts a process that exits.
 */
async function startDatabaseThread(
  dataPath: string | null,
  snapshot: string | null,
): Promise<DatabaseThread> {
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataPath, maxConnections: MAX_CONNECTIONS, snapshot },
    // No TypeScript loader (tsx, vitest) is needed there: the worker is plain JavaScript.
    execArgv: [],
  });
  let stopping = false;
  const failure = (message: ThreadMessage & { type: 'failed' }) =>
    Object.assign(new Error(`The embedded database failed: ${message.message}`), { stack: message.stack });
  const address = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: ThreadMessage) => {
      worker.off('error', reject);
      if (message.type === 'ready') resolve(message.address);
      else
        reject(
          message.type === 'failed' ? failure(message) : new Error('The embedded database did not start'),
        );
    });
  });
  worker.on('exit', (code) => {
    if (stopping) return;
    setImmediate(() => {
      throw new Error(`The embedded database's thread ended unexpectedly (exit code ${code})`);
    });
  });
  return {
    address,
    async stop() {
      if (stopping) return;
      stopping = true;
      const done = new Promise<ThreadMessage>((resolve) => worker.once('message', resolve));
      worker.postMessage({ type: 'stop' });
      const answer = await done;
      await worker.terminate();
      if (answer.type === 'failed') throw failure(answer);
    },
  };
}

/** The lock of a data directory (a directory, as proper-lockfile makes it). */
const LOCK_DIR = 'kib.lock';
/** Beside the lock: which process holds it ({@link LockOwner}). */
const LOCK_OWNER_FILE = 'kib.lock.owner';

/** The process holding a data directory's lock: its id and, where the system says, its start time. */
interface LockOwner {
  pid: number;
  /** The kernel's start time of the process (Linux), which a later process with the same id lacks. */
  started: string | null;
}

/**
 * Takes the data directory's lock for this process. A lock whose recorded owner is no longer running
 * (killed with SIGKILL, the machine lost power) is broken at once instead of after its 15-second
 * staleness; a lock of a live owner, or one without an owner's record, refuses with
 * {@link DataDirLockedError}. Answers the release.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, LOCK_DIR);
  const ownerPath = path.join(dataDir, LOCK_OWNER_FILE);
  const take = async () => {
    const release = await lockfile.lock(dataDir, { lockfilePath: lockPath, stale: 15_000 });
    const me: LockOwner = { pid: process.pid, started: processStart(process.pid) };
    await fs.writeFile(`${ownerPath}.${process.pid}.tmp`, JSON.stringify(me));
    await fs.rename(`${ownerPath}.${process.pid}.tmp`, ownerPath);
    return async () => {
      await fs.rm(ownerPath, { force: true });
      await release();
    };
  };
  try {
    return await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
  }
  const owner = await readLockOwner(ownerPath);
  if (!owner || ownerRuns(owner)) throw new DataDirLockedError(dataDir);
  // Moved aside first (atomic), so of two processes starting at once only one breaks the lock.
  const tomb = `${lockPath}.dead-${owner.pid}-${process.pid}`;
  try {
    await fs.rename(lockPath, tomb);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.rm(tomb, { recursive: true, force: true });
  try {
    return await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}

async function readLockOwner(file: string): Promise<LockOwner | null> {
  try {
    const { pid, started } = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<LockOwner>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, started: typeof started === 'string' ? started : null };
  } catch {
    return null;
  }
}

/** Is the recorded owner still running: its id alive and, where it can be read, the same start time? */
function ownerRuns(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const started = processStart(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * The embedded database of the running Kib that owns `dataDir`, as it published it, or null: no
 * file, a file that does not hold a loopback URL and a pid, or a pid that is not alive (a stale
 * file of an owner that was killed is never trusted).
 */
export async function findRunningEmbedded(dataDir: string): Promise<RunningEmbedded | null> {
  let found: unknown;
  try {
    found = JSON.parse(await fs.readFile(path.join(dataDir, EMBEDDED_FILE), 'utf8'));
  } catch {
    return null;
  }
  const { url, pid } = (found ?? {}) as Partial<RunningEmbedded>;
  if (typeof url !== 'string' || !LOOPBACK_URL.test(url)) return null;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
  return isAlive(pid) ? { url, pid } : null;
}

/** Does a process with this id run (EPERM: it does, as another user)? */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
