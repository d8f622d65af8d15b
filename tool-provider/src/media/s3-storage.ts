import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaConfig } from '../config';
import type { ByteRange, MediaStorage, PresignedPut, StoredObject, StoredStream } from './storage';

/** The S3-compatible store's settings (any S3 API: AWS, MinIO, R2, Ceph…). */
export type S3Settings = NonNullable<MediaConfig['s3']>;

function missing(err: unknown): boolean {
  if (err instanceof S3ServiceException)
    return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
  return false;
}

function unsatisfiable(err: unknown): boolean {
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416;
}

/** Files in an S3-compatible bucket, through the AWS SDK v3. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
        // Only the checksums S3 asks for: S3-compatible stores do not all know the newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  async put(key: string, body: Readable | Buffer | { path: string }, meta: StoredObject): Promise<void> {
    const stream = Buffer.isBuffer(body) || !('path' in body) ? body : createReadStream(body.path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: stream as Readable | Buffer,
        ContentLength: meta.size,
        ContentType: meta.contentType,
        CacheControl: 'public, max-age=31536000, immutable',
        ContentDisposition: 'inline',
      }),
    );
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredStream | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const total = range
        ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? out.ContentLength ?? 0)
        : (out.ContentLength ?? 0);
      return {
        body: out.Body as Readable,
        size: total,
        contentType: out.ContentType ?? 'application/octet-stream',
        range: range ?? null,
      };
    } catch (err) {
      if (missing(err) || unsatisfiable(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async presign(key: string, meta: StoredObject, expiresInSeconds: number): Promise<PresignedPut | null> {
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        ContentType: meta.contentType,
        ContentLength: meta.size,
      }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    return {
      url,
      headers: { 'content-type': meta.contentType },
      expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
    };
  }
}
