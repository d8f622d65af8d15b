import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MediaKind } from '@kib/core';

/** The extensions Kib stores, each with its kind and content type (decided by content, never by name). */
export const MEDIA_TYPES = {
  jpg: { kind: 'picture', contentType: 'image/jpeg' },
  png: { kind: 'picture', contentType: 'image/png' },
  gif: { kind: 'picture', contentType: 'image/gif' },
  mp4: { kind: 'video', contentType: 'video/mp4' },
  mov: { kind: 'video', contentType: 'video/quicktime' },
} as const satisfies Record<string, { kind: MediaKind; contentType: string }>;

/** An extension Kib stores. */
export type MediaExtension = keyof typeof MEDIA_TYPES;

/** A stored file's key: random, URL-safe, with the extension of its content (core's FileKeySchema). */
export const MEDIA_KEY = /^[A-Za-z0-9_-]{8,64}\.(jpg|png|gif|mp4|mov)$/;

/** A new key for a file whose content is of type `ext`: 22 random URL-safe characters (132 bits). */
export function newMediaKey(ext: MediaExtension): string {
  return `${randomBytes(17).toString('base64url').slice(0, 22)}.${ext}`;
}

/** The extension, kind and content type of a key, or null when it is not a well-formed key. */
export function mediaTypeOfKey(
  key: string,
): { ext: MediaExtension; kind: MediaKind; contentType: string } | null {
  const match = MEDIA_KEY.exec(key);
  if (!match) return null;
  const ext = match[1] as MediaExtension;
  return { ext, ...MEDIA_TYPES[ext] };
}

/** What the store knows of a stored file. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/** A byte range of a file, both ends included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file read back: its bytes (the range asked for, or all), its size and type. */
export interface StoredStream extends StoredObject {
  body: Readable;
  range: ByteRange | null;
}

/** Where to upload one file directly, with the headers the upload must carry, until `expiresAt`. */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

/**
 * Where pictures and videos live: the local disk or an S3-compatible bucket. Files are immutable:
 * a key is written once and names the same bytes until deleted.
 */
export interface MediaStorage {
  /** `local` (served by Kib at /media) or `s3` (served by the bucket or a CDN). */
  readonly kind: 'local' | 's3';
  /** Stores the bytes of `body` (a file's path, a stream or a buffer) under `key`. */
  put(key: string, body: Readable | Buffer | { path: string }, meta: StoredObject): Promise<void>;
  /** The file, or a range of it; null when there is no such key (or the range is outside it). */
  get(key: string, range?: ByteRange): Promise<StoredStream | null>;
  /** The file's size and type, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes the file; nothing happens for a missing key. */
  delete(key: string): Promise<void>;
  /**
   * Where a browser may PUT this file directly (S3's presigned URL), or null when the store cannot
   * presign (the local disk: Kib then issues its own upload address).
   */
  presign(key: string, meta: StoredObject, expiresInSeconds: number): Promise<PresignedPut | null>;
}
