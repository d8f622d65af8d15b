import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A small tmpfs mounted for one test: a DATA_DIR that can be filled up and made read-only. */
export interface TinyDisk {
  dir: string;
  /** Writes a file until the file system has no page left (ENOSPC). */
  fill(): Promise<void>;
  /** Removes what {@link fill} wrote. */
  free(): Promise<void>;
  /** Remounts the file system read-only or writable. */
  remount(mode: 'ro' | 'rw'): void;
  unmount(): Promise<void>;
}

/**
 * Mounts a tmpfs of `megabytes` on a new folder, or answers null where this process may not mount
 * one (not root, no CAP_SYS_ADMIN): a test then skips, and the seams of the code under test (the
 * write probe's file system, the error handler's input) cover the same outcomes.
 */
export async function mountTinyDisk(megabytes: number): Promise<TinyDisk | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-tiny-disk-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]).status !== 0) {
    await fs.rm(dir, { recursive: true, force: true });
    return null;
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    async fill() {
      const handle = await fs.open(filler, 'w');
      try {
        // Large writes first, then smaller ones: the last free page goes too.
        for (const size of [1024 * 1024, 64 * 1024, 4096, 1])
          for (;;) {
            const failed = await handle.write(Buffer.alloc(size)).then(
              () => null,
              (err: NodeJS.ErrnoException) => err,
            );
            if (failed?.code === 'ENOSPC') break;
            if (failed) throw failed;
          }
      } finally {
        await handle.close();
      }
    },
    free: () => fs.rm(filler, { force: true }),
    remount(mode) {
      const done = spawnSync('mount', ['-o', `remount,${mode}`, dir]);
      if (done.status !== 0) throw new Error(`remounting ${dir} ${mode} failed: ${done.stderr.toString()}`);
    },
    async unmount() {
      spawnSync('umount', ['-l', dir]);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
