import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLaunch } from '../../../testing/lti-peer';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';
import { DEV_SEED } from '../../seed/dev-seed';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';
import { LTI_SESSION_TTL_SECONDS } from './launch';

let server: TestServer;
let moduleId: number;
let teacherId: number;

async function select<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const [module] = await select<{ id: number; authorId: number }>(
    `SELECT id, author_id AS "authorId" FROM modules WHERE name = :name`,
    { name: DEV_SEED.modules.main.name },
  );
  moduleId = module!.id;
  teacherId = module!.authorId;
}, 120_000);
afterAll(() => server?.close());

/** Opens a code activity of `module` with the student code `code`, closing after `closesIn`. */
async function openActivity(module: number, code: string, closesIn = '30 days'): Promise<void> {
  await select(
    `INSERT INTO temp_module_activities
       (module_id, student_access_code, teacher_access_code, target_institution, target_classroom, target_teacher, valid_until)
     VALUES (:module, :code, :teacherCode, 'Colegio', '11A', 'Pablo', now() + CAST(:closesIn AS interval))`,
    { module, code, teacherCode: `${code}P`, closesIn },
  );
}

/** Moves the close of the activity of `code`, then lets the app read the change (as another instance's). */
async function closeIn(code: string, by: string): Promise<void> {
  await select(
    `UPDATE temp_module_activities SET valid_until = now() + CAST(:by AS interval) WHERE student_access_code = :code`,
    { code, by },
  );
  await server.kib.sessionEnds.catchUp();
}

/** An LTI 1.1 launch of the activity `code` by the LMS user, exchanged for its session. */
async function launch(
  code: string,
  user: { id: string; role: 'Learner' | 'Instructor' },
): Promise<{ c: TestClient; next: string; claims: Record<string, unknown> }> {
  const url = `${server.url}/lti/1.1/launch`;
  const { body } = signLaunch(
    url,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: `link-${code}`,
      user_id: user.id,
      roles: user.role,
      lis_person_name_given: 'Sol',
      lis_person_name_family: 'Vega',
      custom_activity_code: code,
      launch_presentation_locale: 'es',
    },
    { consumerKey: DEV_LTI_CONSUMER.consumerKey, secret: DEV_LTI_CONSUMER.secret },
  );
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  expect(res.status, await res.text()).toBe(303);
  const launchCode = new URL(res.headers.get('location')!, 'http://x').searchParams.get('code');
  const c = new TestClient(server.url);
  const opened = await c.post<{ access: string; next: string }>('/api/lti/session/', { code: launchCode });
  expect(opened.status).toBe(200);
  c.token = opened.body.access;
  const claims = JSON.parse(Buffer.from(c.token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return { c, next: opened.body.next, claims };
}

describe('an LMS learner’s session in the solver', () => {
  it('ends when the activity of its code closes (401), and goes on if it reopens', async () => {
    await openActivity(moduleId, 'CIERRE7');
    const { c } = await launch('CIERRE7', { id: 'lms-cierre-1', role: 'Learner' });
    const other = await launch(DEV_SEED.studentActivityCode, { id: 'lms-cierre-2', role: 'Learner' });
    expect((await c.get(`/api/lti/modules/${moduleId}/`)).status).toBe(200);
    await closeIn('CIERRE7', '-1 minute');
    const closed = await c.get(`/api/lti/modules/${moduleId}/`);
    expect(closed.status).toBe(401);
    expect(closed.body.code).toBe('session-expired');
    // A learner who came through another activity of the same module carries on.
    expect((await other.c.get(`/api/lti/modules/${moduleId}/`)).status).toBe(200);
    await closeIn('CIERRE7', '30 days');
    expect((await c.get(`/api/lti/modules/${moduleId}/`)).status).toBe(200);
  });

  it('expires when its activity closes, when that is sooner than the two hours of a launch', async () => {
    await openActivity(moduleId, 'PRONTO8', '30 minutes');
    const [{ closes } = { closes: 0 }] = await select<{ closes: number }>(
      `SELECT floor(extract(epoch FROM valid_until))::int AS closes FROM temp_module_activities
        WHERE student_access_code = 'PRONTO8'`,
    );
    const { claims } = await launch('PRONTO8', { id: 'lms-pronto-1', role: 'Learner' });
    expect(claims).toMatchObject({ act: expect.stringMatching(/^activity:\d+$/), exp: closes });
    const later = await launch(DEV_SEED.studentActivityCode, { id: 'lms-pronto-1', role: 'Learner' });
    expect(Number(later.claims.exp) - Number(later.claims.iat)).toBe(LTI_SESSION_TTL_SECONDS);
  });

  it('ends when the module is deleted with its activities', async () => {
    const [module] = await select<{ id: number }>(
      `INSERT INTO modules (name, author_id) VALUES ('Se borra por LTI', :author) RETURNING id`,
      { author: teacherId },
    );
    await openActivity(module!.id, 'BORRA8');
    const { c } = await launch('BORRA8', { id: 'lms-borra-1', role: 'Learner' });
    expect((await c.get(`/api/lti/modules/${module!.id}/`)).status).toBe(200);
    const teacher = await new TestClient(server.url).logIn(DEV_SEED.users.teacher.email);
    expect((await teacher.post('/api/delete-module/', { id: module!.id })).status).toBe(204);
    expect((await c.get(`/api/lti/modules/${module!.id}/`)).status).toBe(401);
  });
});

describe('an LMS instructor’s session on a link’s results', () => {
  it('outlives the activity’s close: the results are what an instructor reads afterwards', async () => {
    await openActivity(moduleId, 'NOTAS7');
    const { c, next } = await launch('NOTAS7', { id: 'lms-profe-1', role: 'Instructor' });
    const link = /link=(\d+)/.exec(next)![1];
    expect((await c.get(`/api/lti/links/${link}/results/`)).status).toBe(200);
    await closeIn('NOTAS7', '-1 minute');
    expect((await c.get(`/api/lti/links/${link}/results/`)).status).toBe(200);
  });
});
