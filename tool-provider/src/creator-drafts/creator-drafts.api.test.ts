import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let author: TestClient;
let other: TestClient;
let secondAuthor: TestClient;
let student: TestClient;

const NAME = 'kib.creator-draft.new';
const PATH = `/api/creator/drafts/${NAME}/`;
const STATE = JSON.stringify({ state: { draft: { title: 'Ecuación $2x=4$' }, dirty: true }, version: 1 });

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  await insertUser(db, { email: 'autora@drafts.test', groups: ['Creators'] });
  await insertUser(db, { email: 'otra@drafts.test', groups: ['Teachers'] });
  await insertUser(db, { email: 'alumna@drafts.test', groups: ['Students'] });
  await insertUser(db, { email: 'segunda@drafts.test', groups: ['Creators'] });
  author = await new TestClient(server.url).logIn('autora@drafts.test');
  other = await new TestClient(server.url).logIn('otra@drafts.test');
  student = await new TestClient(server.url).logIn('alumna@drafts.test');
  secondAuthor = await new TestClient(server.url).logIn('segunda@drafts.test');
});

afterAll(async () => {
  await server?.close();
});

describe('creator/drafts/{name}/', () => {
  it('keeps an author’s unsaved draft as written, gives it back to them only, and forgets it', async () => {
    expect((await author.get(PATH)).body).toEqual({ value: null, saved_at: null });
    const kept = await author.put<{ value: string; saved_at: string }>(PATH, { value: STATE });
    expect(kept.status).toBe(200);
    const read = await author.get<{ value: string; saved_at: string }>(PATH);
    // The JSON text comes back as it was sent: its keys are the tool's, never re-cased.
    expect(read.body.value).toBe(STATE);
    expect(Date.parse(read.body.saved_at)).toBeGreaterThan(Date.now() - 60_000);

    // A second creator asking for the same name gets their own (none), never this one; forgetting
    // theirs leaves this one alone.
    expect((await secondAuthor.get(PATH)).body).toEqual({ value: null, saved_at: null });
    expect((await secondAuthor.delete(PATH)).status).toBe(204);
    expect((await author.get<{ value: string }>(PATH)).body.value).toBe(STATE);

    // A teacher (an author too) keeps their own under the same name, and never reads this one.
    expect((await other.get(PATH)).body).toEqual({ value: null, saved_at: null });
    await other.put(PATH, { value: '{"state":{}}' });
    expect((await author.get<{ value: string }>(PATH)).body.value).toBe(STATE);

    expect((await author.delete(PATH)).status).toBe(204);
    expect((await author.get(PATH)).body).toEqual({ value: null, saved_at: null });
    expect((await author.delete(PATH)).status).toBe(204);
    expect((await other.get<{ value: string }>(PATH)).body.value).toBe('{"state":{}}');
  });

  it('refuses students and visitors, names that are not a draft’s, and a draft over the limit', async () => {
    expect((await student.get(PATH)).status).toBe(403);
    expect((await new TestClient(server.url).get(PATH)).status).toBe(401);
    const unknown = await author.get<{ detail: string }>('/api/creator/drafts/other-thing/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('No encontramos lo que buscas.');
    expect((await author.put('/api/creator/drafts/kib.creator-draft.0/', { value: '{}' })).status).toBe(404);
    expect((await author.put(`/api/creator/drafts/kib.creator-draft.42/`, { value: '{}' })).status).toBe(200);
    await author.put(PATH, { value: STATE });
    const huge = await author.put<{ detail: string; fields: Record<string, string[]> }>(PATH, {
      value: 'x'.repeat(2_000_001),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.fields.value).toEqual([expect.stringMatching(/largo|caracteres/i)]);
    const wrong = await new TestClient(server.url, { 'accept-language': 'en' })
      .logIn('autora@drafts.test')
      .then((c) => c.put<{ detail: string; fields: Record<string, string[]> }>(PATH, { value: 17 }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/^[A-Z].*[a-z]/);
    expect(wrong.body.fields.value).toHaveLength(1);
    // Nothing was lost: the last good draft is still there.
    expect((await author.get<{ value: string | null }>(PATH)).body.value).toBe(STATE);
  });
});
