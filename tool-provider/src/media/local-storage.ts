import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MEDIA_KEY,
  mediaTypeOfKey,
  type ByteRange,
  type MediaStorage,
  type PresignedPut,
  type StoredObject,
  type StoredStream,
} from './storage';

/**
 * Files on the local disk, one per key under `dir` (DATA_DIR/media by default). The content type
 * follows from the key's extension, which the content decided when the file was stored.
 */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Readable | Buffer | { path: string }, _meta: StoredObject): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(this.dir, { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(partial, body);
      else if (body instanceof Readable) await pipeline(body, createWriteStream(partial));
      else await fs.copyFile(body.path, partial);
      await fs.rename(partial, target);
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const type = mediaTypeOfKey(key);
    if (!type) return null;
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size, contentType: type.contentType } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredStream | null> {
    const found = await this.head(key);
    if (!found) return null;
    if (range && (range.start > range.end || range.end >= found.size)) return null;
    const body = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { ...found, body, range: range ?? null };
  }

  async delete(key: string): Promise<void> {
    if (!MEDIA_KEY.test(key)) return;
    await fs.rm(this.pathOf(key), { force: true });
  }

  presign(): Promise<PresignedPut | null> {
    return Promise.resolve(null);
  }
}
