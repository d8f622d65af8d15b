import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { NODE_FILES, WriteProbe, dataDirInUse, type ProbeFiles } from './write-probe';

let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-write-probe-'));
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** An error as Node's file system gives it. */
const fsError = (code: string, message: string) =>
  Object.assign(new Error(`${code}: ${message}, write`), { code, syscall: 'write' });

/** Real files, failing with `failure()` while it returns an error; counts the writes. */
function seam(failure: () => Error | null = () => null): ProbeFiles & { writes: number } {
  return {
    writes: 0,
    async writeSynced(file, data) {
      this.writes += 1;
      const err = failure();
      if (err) throw err;
      await NODE_FILES.writeSynced(file, data);
    },
    remove: (file) => NODE_FILES.remove(file),
  };
}

const probe = (files: ProbeFiles, extra: Partial<ConstructorParameters<typeof WriteProbe>[0]> = {}) =>
  new WriteProbe({ sequelize: db.sequelize, dataDir, timeoutMs: 500, files, ...extra });

describe('WriteProbe', () => {
  it('passes when the database commits and DATA_DIR takes a file, and leaves no file behind', async () => {
    expect(await probe(NODE_FILES).check()).toBeNull();
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it.each([
    ['ENOSPC', 'no space left on device', 'storage-full'],
    ['EDQUOT', 'disk quota exceeded', 'storage-full'],
    ['EROFS', 'read-only file system', 'storage-read-only'],
    ['EACCES', 'permission denied', 'storage-unwritable'],
    ['EIO', 'i/o error', 'storage-unwritable'],
  ])('says why when DATA_DIR refuses the file with %s', async (code, message, reason) => {
    expect(await probe(seam(() => fsError(code, message))).check()).toBe(reason);
  });

  it('says storage-unwritable when DATA_DIR does not answer within the timeout', async () => {
    const hung: ProbeFiles = {
      writeSynced: () => new Promise(() => undefined),
      remove: async () => undefined,
    };
    expect(await probe(hung, { timeoutMs: 50 }).check()).toBe('storage-unwritable');
  });

  it('keeps a success for the cache time, never a failure, and says ready at the first probe after recovery', async () => {
    let now = 0;
    let full = true;
    const files = seam(() => (full ? fsError('ENOSPC', 'no space left on device') : null));
    const writes = probe(files, { cacheMs: 2_000, now: () => now });
    expect(await writes.check()).toBe('storage-full');
    expect(await writes.check()).toBe('storage-full');
    expect(files.writes).toBe(2);
    full = false;
    expect(await writes.check()).toBeNull();
    expect(files.writes).toBe(3);
    now += 1_999;
    expect(await writes.check()).toBeNull();
    expect(files.writes).toBe(3);
    full = true;
    now += 1;
    expect(await writes.check()).toBe('storage-full');
    expect(files.writes).toBe(4);
  });

  it('answers concurrent probes with one write', async () => {
    const files = seam();
    const writes = probe(files);
    expect(await Promise.all([writes.check(), writes.check(), writes.check()])).toEqual([null, null, null]);
    expect(files.writes).toBe(1);
  });

  it('writes no file where Kib keeps nothing in DATA_DIR', async () => {
    const files = seam(() => fsError('EROFS', 'read-only file system'));
    expect(await probe(files, { dataDir: null }).check()).toBeNull();
    expect(files.writes).toBe(0);
  });
});

describe('dataDirInUse', () => {
  const s3 = { s3: { bucket: 'kib' } } as unknown as Parameters<typeof dataDirInUse>[0]['media'];
  it.each([
    {
      holds: 'the embedded database',
      config: { databaseUrl: undefined, smtpUrl: 'smtp://m', media: s3 },
      used: true,
    },
    {
      holds: 'the mail outbox',
      config: { databaseUrl: 'postgres://db', smtpUrl: undefined, media: s3 },
      used: true,
    },
    {
      holds: 'pictures and videos',
      config: { databaseUrl: 'postgres://db', smtpUrl: 'smtp://m', media: { ...s3, s3: null } },
      used: true,
    },
    {
      holds: 'nothing',
      config: { databaseUrl: 'postgres://db', smtpUrl: 'smtp://m', media: s3 },
      used: false,
    },
  ])('when DATA_DIR holds $holds, says $used', ({ config, used }) => {
    expect(dataDirInUse(config)).toBe(used);
  });
});
