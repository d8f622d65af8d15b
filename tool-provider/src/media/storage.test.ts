import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '../../testing/fake-s3';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { MEDIA_KEY, mediaTypeOfKey, newMediaKey, type MediaStorage } from './storage';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const fake = new FakeS3();
let dir: string;

beforeAll(async () => {
  await fake.start();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-storage-test-'));
});
afterAll(async () => {
  await fake.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('media keys', () => {
  it('are 22 random URL-safe characters and the extension of the content', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newMediaKey('png')));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    expect(mediaTypeOfKey(newMediaKey('mov'))).toMatchObject({
      kind: 'video',
      contentType: 'video/quicktime',
    });
    expect(mediaTypeOfKey('../../etc/passwd.png')).toBeNull();
    expect(mediaTypeOfKey('AAAAAAAA.exe')).toBeNull();
    expect(MEDIA_KEY.test('short.png')).toBe(false);
  });
});

function contract(name: string, make: () => MediaStorage) {
  describe(`${name} storage`, () => {
    it('puts, heads, gets (whole and a range) and deletes a file, from a buffer, a stream and a path', async () => {
      const storage = make();
      const bytes = Buffer.from('0123456789abcdefghij');
      const fromBuffer = newMediaKey('png');
      await storage.put(fromBuffer, bytes, { size: bytes.length, contentType: 'image/png' });
      expect(await storage.head(fromBuffer)).toEqual({ size: 20, contentType: 'image/png' });
      const whole = await storage.get(fromBuffer);
      expect(await read(whole!.body)).toEqual(bytes);
      expect(whole!.size).toBe(20);
      const part = await storage.get(fromBuffer, { start: 5, end: 9 });
      expect((await read(part!.body)).toString()).toBe('56789');
      expect(part!.size).toBe(20);
      expect(await storage.get(fromBuffer, { start: 50, end: 60 })).toBeNull();

      const fromStream = newMediaKey('mp4');
      await storage.put(fromStream, Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), {
        size: 20,
        contentType: 'video/mp4',
      });
      expect((await read((await storage.get(fromStream))!.body)).toString()).toBe(bytes.toString());

      const file = path.join(dir, `${name}.bin`);
      await fs.writeFile(file, bytes);
      const fromPath = newMediaKey('gif');
      await storage.put(fromPath, { path: file }, { size: 20, contentType: 'image/gif' });
      expect((await storage.head(fromPath))!.size).toBe(20);

      await storage.delete(fromBuffer);
      expect(await storage.head(fromBuffer)).toBeNull();
      expect(await storage.get(fromBuffer)).toBeNull();
      await storage.delete(fromBuffer);
    });

    it('answers null for a key it does not hold', async () => {
      const storage = make();
      expect(await storage.head(newMediaKey('jpg'))).toBeNull();
      expect(await storage.get(newMediaKey('jpg'))).toBeNull();
    });
  });
}

contract('local', () => new LocalStorage(path.join(dir, 'media')));
contract(
  'S3',
  () =>
    new S3Storage({
      bucket: 'kib-media',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      forcePathStyle: true,
    }),
);

describe('S3 storage, as the store sees it', () => {
  const storage = () =>
    new S3Storage({
      bucket: 'kib-media',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: 'test-access-key',
      secretAccessKey: 'test-secret-key',
      forcePathStyle: true,
    });

  it('sends signed, path-style requests with the content type and a year of caching', async () => {
    const key = newMediaKey('png');
    await storage().put(key, Buffer.from('png bytes'), { size: 9, contentType: 'image/png' });
    const put = fake.requests.findLast((r) => r.method === 'PUT')!;
    expect(new URL(put.url, fake.url).pathname).toBe(`/kib-media/${key}`);
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fake.objects.get(key)!.body.toString()).toBe('png bytes');
  });

  it('presigns a PUT of the key with its content type, valid for the time asked', async () => {
    const key = newMediaKey('mp4');
    const presigned = await storage().presign(key, { size: 1234, contentType: 'video/mp4' }, 900);
    const url = new URL(presigned!.url);
    expect(url.pathname).toBe(`/kib-media/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(presigned!.headers).toEqual({ 'content-type': 'video/mp4' });
    const res = await fetch(presigned!.url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': '4' },
      body: 'abcd',
    });
    expect(res.status).toBe(200);
    expect(fake.objects.get(key)!.body.toString()).toBe('abcd');
  });

  it('cannot presign on the local disk: Kib issues its own address', async () => {
    expect(await new LocalStorage(dir).presign()).toBeNull();
  });
});
