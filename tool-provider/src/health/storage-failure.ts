import fs from 'node:fs/promises';

/**
 * Why a write could not be stored, when the cause is the storage and not the request:
 * - `storage-full`: no space left (ENOSPC, EDQUOT: the disk or the user's quota; PostgreSQL's
 *   53100 disk_full, which the embedded database also answers when DATA_DIR is full);
 * - `storage-read-only`: the file system is mounted read-only (EROFS);
 * - `database-read-only`: the database takes no writes (25006 read_only_sql_transaction: a standby,
 *   or `default_transaction_read_only`, as some hosts set on a database whose disk filled up).
 */
export type StorageFailure = 'storage-full' | 'storage-read-only' | 'database-read-only';

/** Node's file-system error codes and PostgreSQL's SQLSTATEs that say the storage takes no write. */
const FAILURES: Record<string, StorageFailure> = {
  ENOSPC: 'storage-full',
  EDQUOT: 'storage-full',
  EROFS: 'storage-read-only',
  '53100': 'storage-full',
  '25006': 'database-read-only',
};

/** How deep a chain of wrapped errors is followed: Sequelize wraps once, a caller's `cause` once more. */
const MAX_DEPTH = 4;

/**
 * The storage failure behind an error, or null: the error itself, the driver error Sequelize wraps
 * (`parent`, `original`) and an error's `cause` are looked at. Such an error is an outage the
 * operator fixes (space freed, the file system remounted), not a bug of the request.
 */
export function storageFailure(err: unknown): StorageFailure | null {
  const pending: Array<{ error: unknown; depth: number }> = [{ error: err, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { error, depth } = next;
    if (typeof error !== 'object' || error === null) continue;
    const { code, parent, original, cause } = error as Record<string, unknown>;
    if (typeof code === 'string' && Object.hasOwn(FAILURES, code)) return FAILURES[code]!;
    if (depth < MAX_DEPTH)
      for (const inner of [parent, original, cause])
        if (inner) pending.push({ error: inner, depth: depth + 1 });
  }
  return null;
}

/**
 * Makes a folder and its missing parents, like `fs.mkdir` with `recursive`, except that a folder
 * that cannot be made says why: on a read-only file system Node's recursive mkdir answers ENOENT,
 * so a plain mkdir is tried to learn the real reason (EROFS, or the ENOENT of a missing parent).
 */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fs.mkdir(dir);
  }
}
