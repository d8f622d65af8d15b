import { EMBED_TOKENS_PER_CLASSROOM } from '@kib/core';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../../seed/dev-seed';
import { insertUser } from '../../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let teacher: TestClient;
let classroomId: number;

interface Created {
  token: { id: number; label: string; expires_at: string; last_used_at: string | null };
  secret: string;
}

function loginAs(email: string): Promise<TestClient> {
  return new TestClient(server.url).logIn(email);
}

/** A client that presents an embed token, as a page outside Kib does. */
function embedded(secret: string): TestClient {
  const c = new TestClient(server.url, { origin: 'https://intranet.colegio.example' });
  c.token = secret;
  return c;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  await insertUser(server.db.sequelize, { email: 'other.embed@test.kib', groups: ['Teachers'] });
  await server.db.sequelize.query(
    `INSERT INTO institution_teachers (institution_id, user_id)
     SELECT i.id, u.id FROM institutions i, users u
     WHERE i.name = :school AND u.email = 'other.embed@test.kib'`,
    { replacements: { school: DEV_SEED.institutionName } },
  );
  await insertUser(server.db.sequelize, { email: 'unpaid.embed@test.kib', groups: ['Teachers'] });
  teacher = await loginAs(DEV_SEED.users.teacher.email);
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT id FROM classrooms WHERE code = :code`,
    { replacements: { code: DEV_SEED.classroomCode }, type: QueryTypes.SELECT },
  );
  classroomId = row!.id;
}, 120_000);
afterAll(() => server?.close());

describe('classroom embed tokens', () => {
  it('are made with a label, shown once, listed without their secret, and open the dashboards', async () => {
    const created = await teacher.post<Created>(`/api/classrooms/${classroomId}/embed-tokens/`, {
      label: 'Intranet del colegio',
      valid_days: 30,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body.secret).toMatch(/^kibe_[\w-]{43}$/);
    expect(created.body.token).toMatchObject({ label: 'Intranet del colegio', last_used_at: null });
    const days = (Date.parse(created.body.token.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const list = await teacher.get<{ tokens: Record<string, unknown>[] }>(
      `/api/classrooms/${classroomId}/embed-tokens/`,
    );
    expect(list.body.tokens[0]).toMatchObject({ id: created.body.token.id, label: 'Intranet del colegio' });
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    const [stored] = await server.db.sequelize.query<{ hash: string }>(
      `SELECT encode(secret_hash, 'hex') AS hash FROM classroom_embed_tokens WHERE id = :id`,
      { replacements: { id: created.body.token.id }, type: QueryTypes.SELECT },
    );
    expect(stored!.hash).toHaveLength(64);

    const page = embedded(created.body.secret);
    const overview = await page.get<{ classroom: { id: number } }>(
      `/api/classrooms/${classroomId}/overview/`,
    );
    expect(overview.status).toBe(200);
    expect(overview.body.classroom.id).toBe(classroomId);
    expect(overview.headers.get('access-control-allow-origin')).toBe('*');
    expect(overview.headers.get('access-control-allow-credentials')).toBeNull();
    const [student] = await server.db.sequelize.query<{ id: number }>(
      `SELECT user_id AS id FROM classroom_students WHERE classroom_id = :classroomId LIMIT 1`,
      { replacements: { classroomId }, type: QueryTypes.SELECT },
    );
    expect((await page.get(`/api/classrooms/${classroomId}/students/${student!.id}/`)).status).toBe(200);
    const used = await teacher.get<{ tokens: { last_used_at: string | null }[] }>(
      `/api/classrooms/${classroomId}/embed-tokens/`,
    );
    expect(used.body.tokens[0]!.last_used_at).not.toBeNull();
  });

  it("answers a browser's preflight for the dashboards, and only for them", async () => {
    const preflight = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://intranet.colegio.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const ok = await preflight(`/api/classrooms/${classroomId}/overview/`);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET');
    const other = await preflight('/api/get-teacher-data/');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reach nothing but their classroom’s dashboards', async () => {
    const created = await teacher.post<Created>(`/api/classrooms/${classroomId}/embed-tokens/`, {
      label: 'Solo lectura',
    });
    const page = embedded(created.body.secret);
    const [otherClassroom] = await server.db.sequelize.query<{ id: number }>(
      `INSERT INTO classrooms (name, code, author_id, level_id)
       SELECT 'Otro salón', 'EMB777', author_id, level_id FROM classrooms WHERE id = :classroomId
       RETURNING id`,
      { replacements: { classroomId }, type: QueryTypes.SELECT },
    );
    expect((await page.get(`/api/classrooms/${otherClassroom!.id}/overview/`)).status).toBe(404);
    expect((await page.get('/api/get-teacher-data/')).status).toBe(403);
    expect((await page.get('/api/modules/')).status).toBe(403);
    expect((await page.get(`/api/classrooms/${classroomId}/embed-tokens/`)).status).toBe(403);
    expect((await page.post('/api/classrooms/', { name: 'Intruso' })).status).toBe(403);
    expect((await page.delete(`/api/classrooms/${classroomId}`)).status).toBe(403);
    expect((await page.get('/api/auth/users/me/')).status).toBe(403);
    expect((await page.get(`/api/getregisterstudents/?classroom=${classroomId}`)).status).toBe(403);
  });

  it('stop working once revoked or expired, and a made-up one never works', async () => {
    const revoked = await teacher.post<Created>(`/api/classrooms/${classroomId}/embed-tokens/`, {
      label: 'Para revocar',
    });
    const page = embedded(revoked.body.secret);
    expect((await page.get(`/api/classrooms/${classroomId}/overview/`)).status).toBe(200);
    const revoke = await teacher.delete(
      `/api/classrooms/${classroomId}/embed-tokens/${revoked.body.token.id}/`,
    );
    expect(revoke.status).toBe(204);
    const after = await page.get(`/api/classrooms/${classroomId}/overview/`);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session-expired');
    expect(
      (await teacher.delete(`/api/classrooms/${classroomId}/embed-tokens/${revoked.body.token.id}/`)).status,
    ).toBe(404);

    const expiring = await teacher.post<Created>(`/api/classrooms/${classroomId}/embed-tokens/`, {
      label: 'Caduca',
    });
    await server.db.sequelize.query(
      `UPDATE classroom_embed_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = :id`,
      { replacements: { id: expiring.body.token.id } },
    );
    expect(
      (await embedded(expiring.body.secret).get(`/api/classrooms/${classroomId}/overview/`)).status,
    ).toBe(401);
    const listed = await teacher.get<{ tokens: { id: number }[] }>(
      `/api/classrooms/${classroomId}/embed-tokens/`,
    );
    expect(listed.body.tokens.map((t) => t.id)).not.toContain(expiring.body.token.id);

    const forged = embedded(`kibe_${'A'.repeat(43)}`);
    expect((await forged.get(`/api/classrooms/${classroomId}/overview/`)).status).toBe(401);
  });

  it('are refused to anybody but the classroom’s teacher, with bad input answered as 400', async () => {
    const path = `/api/classrooms/${classroomId}/embed-tokens/`;
    const mine = await teacher.post<Created>(path, { label: 'Mía' });
    const other = await loginAs('other.embed@test.kib');
    expect((await other.get(path)).status).toBe(404);
    expect((await other.post(path, { label: 'Ajena' })).status).toBe(404);
    expect((await other.delete(`${path}${mine.body.token.id}/`)).status).toBe(404);
    const unpaid = await loginAs('unpaid.embed@test.kib');
    expect((await unpaid.get(path)).status).toBe(403);
    const student = await loginAs(DEV_SEED.users.student.email);
    expect((await student.get(path)).status).toBe(403);
    expect((await student.post(path, { label: 'x' })).status).toBe(403);
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.get(`/api/classrooms/${classroomId}/overview/`)).status).toBe(401);

    expect((await teacher.post(path, { label: '   ' })).status).toBe(400);
    expect((await teacher.post(path, { label: 'x', valid_days: 400 })).status).toBe(400);
    expect((await teacher.post(path, { label: 'x', valid_days: 'many' })).status).toBe(400);
    expect((await teacher.delete(`${path}abc/`)).status).toBe(404);
    expect((await teacher.get('/api/classrooms/abc/embed-tokens/')).status).toBe(404);
  });

  it(`keep at most ${EMBED_TOKENS_PER_CLASSROOM} live tokens per classroom`, async () => {
    const path = `/api/classrooms/${classroomId}/embed-tokens/`;
    const live = (await teacher.get<{ tokens: unknown[] }>(path)).body.tokens.length;
    for (let i = live; i < EMBED_TOKENS_PER_CLASSROOM; i++)
      expect((await teacher.post(path, { label: `Página ${i}` })).status).toBe(201);
    const refused = await teacher.post(path, { label: 'Una más' });
    expect(refused.status).toBe(409);
    expect(String(refused.body.detail)).toContain(String(EMBED_TOKENS_PER_CLASSROOM));
  });

  it('go with their classroom', async () => {
    const room = await teacher.post<{ id: number }>('/api/classrooms/', { name: 'Salón efímero' });
    const created = await teacher.post<Created>(`/api/classrooms/${room.body.id}/embed-tokens/`, {
      label: 'Efímero',
    });
    expect(
      (await embedded(created.body.secret).get(`/api/classrooms/${room.body.id}/overview/`)).status,
    ).toBe(200);
    expect((await teacher.delete(`/api/classrooms/${room.body.id}`)).status).toBe(204);
    expect(
      (await embedded(created.body.secret).get(`/api/classrooms/${room.body.id}/overview/`)).status,
    ).toBe(401);
  });
});
