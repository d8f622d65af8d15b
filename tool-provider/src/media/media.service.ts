import { createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  VIDEO_MAX_BYTES,
  type MediaKind,
  type PresignedUpload,
  type PresignedUploadRequest,
  type PublicConfig,
} from '@kib/core';
import type { Transaction } from 'sequelize';
import { AppError } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import { removeUploadDir, uploadDir } from '../http/multipart';
import type { Logger } from '../logger';
import {
  kindOf,
  PictureTooLargeError,
  reencodePicture,
  sniffBuffer,
  sniffFile,
  UnreadablePictureError,
} from './file-content';
import { mediaBaseUrl } from './media-origins';
import type { MediaFileRow, MediaRepository } from './media.repository';
import { MEDIA_TYPES, mediaTypeOfKey, newMediaKey, type MediaExtension, type MediaStorage } from './storage';

/**
 * A picture of more pixels than Kib decodes: 413 `picture-too-large` naming the file and the limit,
 * on its field.
 */
function pictureTooLarge(field: string, name: string): AppError {
  const message = {
    key: 'validation.picture-too-many-pixels',
    params: { name, megapixels: PICTURE_MAX_PIXELS / 1_000_000 },
  };
  return new AppError(413, 'picture-too-large', message, { [field]: [message] });
}
/** The largest video uploaded through a presigned address (get_presigned_url/), in bytes. */
export const PRESIGNED_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;
/** How long a presigned upload address is valid, in seconds. */
export const PRESIGNED_TTL_SECONDS = 15 * 60;

/** The content types of each kind, as browsers name them. */
const TYPES_OF_KIND: Record<MediaKind, string[]> = {
  picture: ['image/jpeg', 'image/png', 'image/gif'],
  video: ['video/mp4', 'video/quicktime'],
};

const EXT_OF_TYPE: Record<string, MediaExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** A file this request stored, to write into the draft and into `media_files`. */
export interface StoredFile extends MediaFileRow {
  field: string;
}

/** How the media service is made. */
export interface MediaServiceDeps {
  storage: MediaStorage;
  repo: MediaRepository;
  publicUrl: string;
  /** Where browsers load files from when they are not served by Kib (a CDN, the bucket). */
  pictureBaseUrl?: string;
  videoBaseUrl?: string;
  /** Signs Kib's own upload addresses (local storage). */
  secret: string;
  logger: Logger;
  now?: () => Date;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Pictures and videos: storing the files of a save (pictures re-encoded), checking the keys a draft
 * names, presigned uploads, addresses and the public config, and removing files no row names.
 */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  get storage(): MediaStorage {
    return this.deps.storage;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Where browsers load pictures and videos from: the configured CDN or bucket, else Kib's own
   * `/media/…` as a root-relative path, right at whatever host the page was opened at.
   */
  baseUrls(): { picture: string; video: string } {
    return {
      picture: mediaBaseUrl(this.deps.pictureBaseUrl, this.deps.publicUrl, 'pictures'),
      video: mediaBaseUrl(this.deps.videoBaseUrl, this.deps.publicUrl, 'videos'),
    };
  }

  /** GET config/'s part about files (the routes add which services are configured). */
  publicConfig(): Omit<PublicConfig, 'handwriting'> {
    const base = this.baseUrls();
    return {
      pictureBaseUrl: base.picture,
      videoBaseUrl: base.video,
      uploads: {
        pictureMaxBytes: PICTURE_MAX_BYTES,
        videoMaxBytes: VIDEO_MAX_BYTES,
        pictureTypes: TYPES_OF_KIND.picture,
        videoTypes: TYPES_OF_KIND.video,
        presigned: this.deps.storage.kind === 's3',
      },
    };
  }

  /** The address a stored picture is shown from, or null for an unknown key. */
  async pictureUrl(key: string): Promise<string | null> {
    const type = mediaTypeOfKey(key);
    if (!type || type.kind !== 'picture') return null;
    if (!(await this.deps.storage.head(key))) return null;
    return `${this.baseUrls().picture}/${key}`;
  }

  /**
   * Stores the files of one save: each picture re-encoded (pixels only, no metadata), each video as
   * it came, under a new key. When one fails, the ones already stored are removed again.
   */
  async storeUploads(files: readonly UploadedFile[]): Promise<StoredFile[]> {
    const stored: StoredFile[] = [];
    try {
      for (const file of files) stored.push(await this.storeOne(file));
    } catch (err) {
      await this.deleteStored(stored.map((s) => s.key));
      throw err;
    }
    return stored;
  }

  private async storeOne(file: UploadedFile): Promise<StoredFile> {
    const key = newMediaKey(file.ext);
    const { contentType } = MEDIA_TYPES[file.ext];
    let source = file.path;
    let size = file.size;
    if (file.kind === 'picture') {
      source = `${file.path}.clean`;
      try {
        size = await reencodePicture(file.path, source, file.ext as 'jpg' | 'png' | 'gif');
      } catch (err) {
        if (err instanceof PictureTooLargeError) throw pictureTooLarge(file.field, file.formdata.name);
        if (err instanceof UnreadablePictureError)
          throw AppError.badRequest({
            [file.field]: [{ key: 'validation.picture-unreadable', params: { name: file.formdata.name } }],
          });
        throw err;
      }
    }
    try {
      await this.deps.storage.put(key, { path: source }, { size, contentType });
    } catch (err) {
      this.deps.logger.error({ err, key }, 'storing a file failed');
      throw new AppError(503, 'storage-unavailable');
    }
    return { field: file.field, key, kind: file.kind, contentType, size, checked: true };
  }

  /** Removes files this request stored (a save that failed); never throws. */
  async deleteStored(keys: readonly string[]): Promise<void> {
    for (const key of keys)
      await this.deps.storage.delete(key).catch((err: unknown) => {
        this.deps.logger.error({ err, key }, 'removing a stored file failed');
      });
  }

  /**
   * Removes, from the store and from `media_files`, those of `keys` that no row names any more (a
   * problem deleted, a picture replaced). Files are shared between clones, so a named one stays.
   */
  async releaseUnreferenced(keys: readonly string[]): Promise<void> {
    const candidates = [...new Set(keys)].filter((k) => mediaTypeOfKey(k));
    if (candidates.length === 0) return;
    const named = await this.deps.repo.referenced(candidates);
    const free = candidates.filter((k) => !named.has(k));
    await this.deleteStored(free);
    await this.deps.repo.remove(free);
  }

  /**
   * Checks the keys a draft names anew (not already in its problem): each must be a file Kib made
   * for that kind, and stored. A file uploaded to a presigned address is checked by its content now
   * (and a picture re-encoded), once. Answers the field errors, by the draft's field path.
   */
  async checkNewKeys(
    keys: readonly { path: string; key: string; kind: MediaKind }[],
    transaction?: Transaction,
  ): Promise<Record<string, { key: string; params?: Record<string, unknown> }[]>> {
    const errors: Record<string, { key: string; params?: Record<string, unknown> }[]> = {};
    const rows = await this.deps.repo.find(
      keys.map((k) => k.key),
      transaction,
    );
    for (const item of keys) {
      const row = rows.get(item.key);
      if (!row) errors[item.path] = [{ key: 'validation.file-key-unknown' }];
      else if (row.kind !== item.kind) errors[item.path] = [{ key: 'validation.file-key-wrong-kind' }];
      else if (!row.checked) {
        const problem = await this.checkUploaded(row);
        if (problem) errors[item.path] = [problem];
      }
    }
    return errors;
  }

  /** Checks a file uploaded to a presigned address by its content; null when it is fine (then marked checked). */
  private async checkUploaded(
    row: MediaFileRow,
  ): Promise<{ key: string; params?: Record<string, unknown> } | null> {
    const head = await this.deps.storage.head(row.key);
    if (!head) return { key: 'validation.file-key-unknown' };
    const max = row.kind === 'picture' ? PICTURE_MAX_BYTES : PRESIGNED_VIDEO_MAX_BYTES;
    if (head.size > max) return { key: 'validation.upload-size', params: { max: megabytes(max) } };
    const first = await this.deps.storage.get(row.key, { start: 0, end: Math.min(head.size, 4100) - 1 });
    if (!first) return { key: 'validation.file-key-unknown' };
    const chunks: Buffer[] = [];
    for await (const chunk of first.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const sniffed = await sniffBuffer(Buffer.concat(chunks));
    const expected = mediaTypeOfKey(row.key)!;
    if (!sniffed.ext || kindOf(sniffed.ext) !== row.kind || sniffed.ext !== expected.ext)
      return {
        key: row.kind === 'picture' ? 'validation.picture-type-invalid' : 'validation.video-type-invalid',
        params: { name: row.key, detected: sniffed.detected?.toUpperCase() ?? '?' },
      };
    let size = head.size;
    if (row.kind === 'picture') {
      const cleaned = await this.reencodeStored(row.key, expected.ext as 'jpg' | 'png' | 'gif');
      if (cleaned === null) return { key: 'validation.picture-unreadable', params: { name: row.key } };
      size = cleaned;
    }
    await this.deps.repo.markChecked(row.key, size);
    return null;
  }

  /** Reads a stored picture, re-encodes it and stores it again under the same key; null when it cannot be read. */
  private async reencodeStored(key: string, ext: 'jpg' | 'png' | 'gif'): Promise<number | null> {
    const dir = await uploadDir();
    try {
      const raw = path.join(dir, 'raw');
      const clean = path.join(dir, 'clean');
      const got = await this.deps.storage.get(key);
      if (!got) return null;
      await pipeline(got.body, createWriteStream(raw));
      let size: number;
      try {
        size = await reencodePicture(raw, clean, ext);
      } catch (err) {
        if (err instanceof UnreadablePictureError || err instanceof PictureTooLargeError) return null;
        throw err;
      }
      await this.deps.storage.put(key, { path: clean }, { size, contentType: MEDIA_TYPES[ext].contentType });
      return size;
    } finally {
      await removeUploadDir(dir);
    }
  }

  /**
   * Where to upload one large file directly: a presigned PUT of the bucket, or (local storage) Kib's
   * own signed, short-lived address. The key is announced in `media_files`, unchecked: a draft may
   * name it only once its content has been checked.
   */
  async presign(request: PresignedUploadRequest, userId: number): Promise<PresignedUpload> {
    if (!TYPES_OF_KIND[request.kind].includes(request.contentType))
      throw AppError.badRequest({ content_type: [{ key: 'validation.upload-kind-type' }] });
    const max = request.kind === 'picture' ? PICTURE_MAX_BYTES : PRESIGNED_VIDEO_MAX_BYTES;
    if (request.size > max)
      throw AppError.badRequest({
        size: [{ key: 'validation.upload-size', params: { max: megabytes(max) } }],
      });
    const ext = EXT_OF_TYPE[request.contentType]!;
    const key = newMediaKey(ext);
    const meta = { size: request.size, contentType: request.contentType };
    await this.deps.repo.insert({ key, kind: request.kind, ...meta, checked: false, createdBy: userId });
    const presigned = await this.deps.storage.presign(key, meta, PRESIGNED_TTL_SECONDS);
    if (presigned)
      return {
        url: presigned.url,
        method: 'PUT',
        headers: presigned.headers,
        key,
        expiresAt: presigned.expiresAt.toISOString(),
      };
    const expiresAt = new Date(this.now().getTime() + PRESIGNED_TTL_SECONDS * 1000);
    const token = this.signUpload({ key, size: request.size, exp: Math.floor(expiresAt.getTime() / 1000) });
    return {
      // Root-relative, like the files' addresses: the page's connect-src allows it as 'self' at any host.
      url: `/api/uploads/${token}/`,
      method: 'PUT',
      headers: { 'content-type': request.contentType },
      key,
      expiresAt: expiresAt.toISOString(),
    };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.deps.secret).update(`kib-upload:${payload}`).digest('base64url');
  }

  private signUpload(claim: { key: string; size: number; exp: number }): string {
    const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  private readUpload(token: string): { key: string; size: number; exp: number } | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        key?: unknown;
        size?: unknown;
        exp?: unknown;
      };
      if (typeof claim.key !== 'string' || typeof claim.size !== 'number' || typeof claim.exp !== 'number')
        return null;
      if (claim.exp * 1000 < this.now().getTime()) return null;
      return { key: claim.key, size: claim.size, exp: claim.exp };
    } catch {
      return null;
    }
  }

  /**
   * Takes the bytes sent to Kib's own upload address: exactly the size announced, of the type its
   * key says by content (a picture re-encoded), stored once; the key is then checked and usable.
   */
  async acceptLocalUpload(token: string, body: Readable): Promise<{ key: string; size: number }> {
    const claim = this.readUpload(token);
    const row = claim ? (await this.deps.repo.find([claim.key])).get(claim.key) : undefined;
    if (!claim || !row || row.checked) throw new AppError(404, 'upload-token-invalid');
    const dir = await uploadDir();
    try {
      const raw = path.join(dir, 'upload');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > claim.size)
            done(
              new AppError(413, 'upload-size-mismatch', {
                key: 'errors.upload-size-mismatch',
                params: { size: claim.size },
              }),
            );
          else done(null, chunk);
        },
      });
      await pipeline(body, counter, createWriteStream(raw));
      if (size !== claim.size)
        throw new AppError(400, 'upload-size-mismatch', {
          key: 'errors.upload-size-mismatch',
          params: { size: claim.size },
        });
      const expected = mediaTypeOfKey(claim.key)!;
      const sniffed = await sniffFile(raw);
      if (sniffed.ext !== expected.ext)
        throw new AppError(400, 'file-type-invalid', {
          key: row.kind === 'picture' ? 'validation.picture-type-invalid' : 'validation.video-type-invalid',
          params: { name: claim.key, detected: sniffed.detected?.toUpperCase() ?? '?' },
        });
      let source = raw;
      if (row.kind === 'picture') {
        source = path.join(dir, 'clean');
        try {
          size = await reencodePicture(raw, source, expected.ext as 'jpg' | 'png' | 'gif');
        } catch (err) {
          if (err instanceof PictureTooLargeError) throw pictureTooLarge('file', claim.key);
          if (err instanceof UnreadablePictureError)
            throw new AppError(400, 'file-type-invalid', {
              key: 'validation.picture-unreadable',
              params: { name: claim.key },
            });
          throw err;
        }
      }
      await this.deps.storage.put(claim.key, { path: source }, { size, contentType: expected.contentType });
      await this.deps.repo.markChecked(claim.key, size);
      return { key: claim.key, size };
    } finally {
      await removeUploadDir(dir);
    }
  }
}
