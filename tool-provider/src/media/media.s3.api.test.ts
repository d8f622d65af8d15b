import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, postSave, problemDraft, saveForm, seedFile } from '../../testing/creation-drafts';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { FakeS3 } from '../../testing/fake-s3';
import { S3Storage } from './s3-storage';

/*
 * Kib on an S3-compatible store (a local server speaking the S3 object API): uploads through the
 * store's presigned PUTs, checked by content when a draft first names them, files served through
 * Kib's /media from the bucket.
 */

const fake = new FakeS3();
let server: TestServer;
let creator: TestClient;
let refs: { topicId: number; subtopicId: number };

beforeAll(async () => {
  await fake.start();
  const storage = new S3Storage({
    bucket: 'kib-media',
    region: 'us-east-1',
    endpoint: fake.url,
    accessKeyId: 'test-access-key',
    secretAccessKey: 'test-secret-key',
    forcePathStyle: true,
  });
  server = await startTestServer({}, { mediaStorage: storage });
  await insertUser(server.db.sequelize, { email: 's3@creator.test', groups: ['Creators'] });
  creator = await new TestClient(server.url, { 'accept-language': 'en' }).logIn('s3@creator.test');
  const [topic] = await server.db.sequelize.query<{ id: number }>(
    `INSERT INTO topics (name) VALUES ('Media') RETURNING id`,
    { type: QueryTypes.SELECT },
  );
  const [subtopic] = await server.db.sequelize.query<{ id: number }>(
    `INSERT INTO subtopics (topic_id, name) VALUES (:t, 'Pictures') RETURNING id`,
    { replacements: { t: topic!.id }, type: QueryTypes.SELECT },
  );
  refs = { topicId: topic!.id, subtopicId: subtopic!.id };
});
afterAll(async () => {
  await server?.close();
  await fake.stop();
});

async function presign(kind: 'picture' | 'video', contentType: string, size: number) {
  const res = await creator.post<{ url: string; key: string; headers: Record<string, string> }>(
    '/api/get_presigned_url/',
    { kind, content_type: contentType, size },
  );
  expect(res.status).toBe(200);
  return res.body;
}

describe('media on an S3-compatible store', () => {
  it('says uploads are presigned', async () => {
    const config = await new TestClient(server.url).get<{ uploads: { presigned: boolean } }>('/api/config/');
    expect(config.body.uploads.presigned).toBe(true);
  });

  it('takes a picture uploaded to a presigned PUT once a draft names it: checked, re-encoded, served', async () => {
    const picture = await png();
    const upload = await presign('picture', 'image/png', picture.length);
    expect(new URL(upload.url).origin).toBe(fake.url);
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: picture });
    expect(put.status).toBe(200);
    expect(fake.objects.get(upload.key)!.body.includes('secret location')).toBe(true);

    const saved = await postSave(creator, saveForm(problemDraft(refs, { picture: upload.key })));
    expect(saved.status).toBe(200);
    const stored = fake.objects.get(upload.key)!;
    expect(stored.body.includes('secret location')).toBe(false);
    expect((await sharp(stored.body).metadata()).format).toBe('png');
    const [row] = await server.db.sequelize.query<{ checked: boolean }>(
      `SELECT checked FROM media_files WHERE key = :key`,
      { replacements: { key: upload.key }, type: QueryTypes.SELECT },
    );
    expect(row!.checked).toBe(true);

    const served = await fetch(`${server.url}/media/pictures/${upload.key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored.body);
  });

  it('refuses a draft naming a presigned video key whose upload is a picture, or that was never uploaded', async () => {
    const picture = await png();
    const upload = await presign('video', 'video/mp4', picture.length);
    await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: picture });
    const refused = await postSave(creator, saveForm(problemDraft(refs, { videoS3: upload.key })));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'state.video_s3': [`${upload.key} is not an MP4 or MOV video (its content is PNG).`],
    });
    const never = await presign('video', 'video/mp4', 1000);
    const missing = await postSave(creator, saveForm(problemDraft(refs, { videoS3: never.key })));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty(['state.video_s3']);
    expect(
      await server.db.sequelize.query(`SELECT id FROM problems WHERE video_s3 IS NOT NULL`, {
        type: QueryTypes.SELECT,
      }),
    ).toEqual([]);
  });

  it('stores a save’s files in the bucket and serves a video’s byte ranges from it', async () => {
    const video = await seedFile('kib-demo.mp4');
    const draft = problemDraft(refs);
    const saved = await postSave(
      creator,
      saveForm(draft, [
        {
          field: 'video_0',
          file: new Blob([video]),
          name: 'clip.mp4',
          formdata: { name: 'clip.mp4', type: 'numeral', id: draft.numerals[0]!.key },
        },
      ]),
    );
    expect(saved.status).toBe(200);
    const key = (saved.body.uploaded_videos as { name: string }[])[0]!.name;
    expect(fake.objects.get(key)!.body.length).toBe(video.length);
    expect(fake.objects.get(key)!.contentType).toBe('video/mp4');
    const ranged = await fetch(`${server.url}/media/videos/${key}`, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(Buffer.from(video.subarray(10, 20)));
  });
});
