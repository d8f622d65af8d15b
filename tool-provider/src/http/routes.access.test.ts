import { API, GROUPS, type AnyEndpoint, type GroupName } from '@kib/core';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import type { Access } from './access';

/**
 * Who may call every route, written out by hand on purpose: a route added without an entry here, or
 * whose rule changes without this table changing, fails this test.
 */
const EXPECTED: Record<string, 'public' | 'authenticated' | readonly GroupName[]> = {
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /health/ready': 'public',
  'GET /openapi.json': 'public',
  'POST /auth/jwt/create/': 'public',
  'POST /auth/jwt/refresh/': 'public',
  'POST /auth/jwt/logout/': 'public',
  'POST /auth/users/': 'public',
  'POST /auth/users/activation/': 'public',
  'POST /auth/users/resend_activation/': 'public',
  'POST /auth/users/reset_password/': 'public',
  'POST /auth/users/reset_password_confirm/': 'public',
  'GET /auth/users/me/': 'authenticated',
  'GET /authentication/groups': 'authenticated',
  'POST /contact_form/': 'public',
  'GET /problems/:id/': 'public',
  'GET /courses/': 'public',
  'POST /demo/proof/': 'public',
  'POST /demo/hints/': 'public',
  'POST /classrooms/add_student': ['Students'],
  'GET /get_student_classrooms/': ['Students'],
  'GET /get-teacher-data/': ['Teachers'],
  'GET /get-classroom-levels/': ['Teachers'],
  'POST /classrooms/': ['Teachers'],
  'PUT /classrooms/:id': ['Teachers'],
  'DELETE /classrooms/:id': ['Teachers'],
  'POST /registerTeacherToSchool/': ['Teachers'],
  'GET /modules/': ['Teachers'],
  'GET /modules/:id/': ['Teachers'],
  'POST /modules/': ['Teachers'],
  'PUT /modules/:id/': ['Teachers'],
  'POST /delete-module/': ['Teachers'],
  'PUT /modules/:id/assignments/': ['Teachers'],
  'POST /modules/:id/codes/': ['Teachers'],
  'GET /module-by-code/': ['Teachers'],
  'GET /education-system-grades/': ['Creators', 'Supervisors', 'Teachers'],
  'GET /get-grade-content/': ['Creators', 'Supervisors', 'Teachers'],
  'GET /standard-problems/': ['Creators', 'Supervisors', 'Teachers'],
  'POST /get-assigned-module-data/': ['Creators', 'Supervisors', 'Teachers'],
  'POST /get-topic-modules/': ['Creators', 'Supervisors', 'Teachers'],
  // Every module builder may call these; which module answers is the author's (and, for a module of
  // the creators' catalog, a supervisor's): a teacher's module is 404 to a supervisor, as to others.
  'GET /modules/:id/learning-standards/': ['Creators', 'Supervisors', 'Teachers'],
  'PUT /modules/:id/learning-standards/': ['Creators', 'Supervisors', 'Teachers'],
  'POST /createregisterstudents/': ['Teachers'],
  'POST /createregisterstudents/file/': ['Teachers'],
  'GET /createregisterstudents/:id/': ['Teachers'],
  'GET /getregisterstudents/': ['Teachers'],
  'GET /classrooms/:id/overview/': ['Teachers'],
  'GET /classrooms/:id/assignments/:moduleId/': ['Teachers'],
  'GET /classrooms/:id/students/:studentId/': ['Teachers'],
  'GET /classrooms/:id/embed-tokens/': ['Teachers'],
  'POST /classrooms/:id/embed-tokens/': ['Teachers'],
  'DELETE /classrooms/:id/embed-tokens/:tokenId/': ['Teachers'],
  'GET /courses/:id/topics/': 'public',
  'GET /get-subtopics/': 'public',
  'GET /problems/topic/:id/': 'public',
  'GET /problems/subtopic/:id/': 'public',
  'GET /topics/': 'public',
  'GET /math-types/': 'public',
  'GET /languages/': 'public',
  'GET /get-education-systems/': 'public',
  'GET /get-countries/': 'public',
  'GET /get-country-data/': 'public',
  'POST /get-city-schools/': 'authenticated',
  'POST /proof/': 'authenticated',
  'GET /practice/next/': 'authenticated',
  'GET /classrooms/:id/mastery/': ['Teachers'],
  'POST /get_handwritten_latex/': 'authenticated',
  'POST /phone_photo/sessions/': 'authenticated',
  'POST /hints/': 'authenticated',
  'POST /getstudentproblemsolutiondata/': 'authenticated',
  'POST /lti/session/': 'public',
  'POST /lti/content-item/': ['LTITeacher'],
  'GET /lti/modules/:id/': ['LTIStudent', 'LTITeacher'],
  'GET /lti/links/:id/results/': ['LTITeacher'],
  'POST /lti/links/:id/grades/resend/': ['LTITeacher'],
  'GET /lti/recent-activities/': ['LTITeacher'],
  'POST /custom-lti/get_module_by_moodle_code/': ['LTITeacher'],
  'POST /custom-lti/save_module_data/': ['LTITeacher'],
  'GET /lti/kib-account/': ['LTITeacher'],
  'POST /lti/kib-account/': ['LTITeacher'],
  'DELETE /lti/kib-account/': ['LTITeacher'],
  'POST /lti/kib-account/modules/:id/code/': ['LTITeacher'],
  'GET /lti/admin/registrations/': ['Platform Admin'],
  'POST /lti/admin/consumers/': ['Platform Admin'],
  'POST /lti/admin/consumers/:key/rotate-secret/': ['Platform Admin'],
  'PATCH /lti/admin/consumers/:key/': ['Platform Admin'],
  'POST /lti/admin/platforms/': ['Platform Admin'],
  'POST /lti/admin/platforms/:id/deployments/': ['Platform Admin'],
  'PATCH /lti/admin/platforms/:id/': ['Platform Admin'],
  'POST /lti/admin/keys/rotate/': ['Platform Admin'],
  'GET /platform/school-codes/': ['Platform Admin'],
  'POST /platform/school-codes/': ['Platform Admin'],
  'POST /platform/school-codes/:id/revoke/': ['Platform Admin'],
  'POST /getSchoolAdminData/': ['School Admin', 'Platform Admin'],
  'POST /registerSchool/': ['School Admin'],
  'POST /setSchoolRegCode/': ['School Admin', 'Platform Admin'],
  'POST /createTeachersCode/': ['School Admin', 'Platform Admin'],
  'POST /getTeacherCodes/': ['School Admin', 'Platform Admin'],
  'POST /getschoolteachersdata/': ['School Admin', 'Platform Admin'],
  'POST /removeteacher/': ['School Admin', 'Platform Admin'],
  'POST /reassign-classroom/': ['School Admin', 'Platform Admin'],
  'POST /get-institution-teachers-classrooms/': ['School Admin', 'Platform Admin'],
  'GET /validatemodulecodestudents/': 'public',
  'GET /validatemodulecodeteachers/': 'public',
  'POST /register_temp_student/': 'public',
  'POST /delete_temp_student/': 'public',
  'GET /creator/problems/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'GET /creator/problems/:id/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'GET /creator/drafts/:name/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'PUT /creator/drafts/:name/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'DELETE /creator/drafts/:name/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'POST /send_create_problem_data/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'POST /create_ai_problem/': ['Creators'],
  'GET /create_ai_problem/:id/': ['Creators'],
  'POST /problems/:id/variants/': ['Creators', 'Supervisors'],
  'POST /creator/problems/:id/clone/': [
    'Creators',
    'Supervisors',
    'Teachers',
    'LTITeacher',
    'Platform Admin',
  ],
  'DELETE /problems/delete/:id/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'POST /get_presigned_url/': ['Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin'],
  'PUT /uploads/:token/': 'public',
  'GET /get_s3_picture/:id/': 'authenticated',
  'GET /config/': 'public',
  'POST /get_creators_review_list/': ['Supervisors'],
  'POST /get_reviews_by_date/': ['Creators', 'Supervisors'],
  'GET /creator/reviews/:id/': ['Creators', 'Supervisors'],
  'PUT /creator/reviews/:id/requests/': ['Creators', 'Supervisors'],
  'PATCH /creator/reviews/:id/': ['Supervisors'],
  'POST /get_creators/': ['Creators', 'Supervisors'],
  'POST /get_creator_stats/': ['Creators', 'Supervisors'],
  'GET /getcreatormodules/': ['Creators', 'Supervisors'],
  'POST /get_module_data/': ['Creators', 'Supervisors'],
  'POST /creator/modules/': ['Creators', 'Supervisors'],
  'POST /creator/delete-module/': ['Creators', 'Supervisors'],
  'GET /clone-module-by-id/': ['Creators', 'Supervisors'],
  'GET /creator/module-by-code/': ['Creators', 'Supervisors'],
  'POST /get_cloned_module_classrooms/': ['Creators', 'Supervisors'],
  'POST /creator/modules/:id/activities/': ['Creators', 'Supervisors'],
  'GET /creator/teachers/': ['Creators', 'Supervisors'],
  'GET /demo-preset/': 'authenticated',
};

/**
 * The routes that are not API calls, each on purpose: the site's pages (index.html for any path) and
 * the LTI 1.1 launch, a signed form post from an LMS that checks its own signature.
 */
const OUTSIDE_API = [
  'GET /.*/',
  'GET /media/:collection/:key',
  'POST /lti/1.1/launch',
  'GET /lti/1.3/login',
  'POST /lti/1.3/login',
  'POST /lti/1.3/launch',
  'POST /lti/1.3/launch/confirm',
  'GET /lti/1.3/platform-storage.js',
  'GET /lti/1.3/keys',
  'GET /lti/1.3/register',
  'GET /lti/1.3/register-close.js',
];

/**
 * The CORS layer of the dashboards a page outside Kib reads with an embed token: their preflight,
 * and the headers added before the request goes on to the access layer.
 */
const EMBED_CORS = (Object.values(API) as AnyEndpoint[])
  .filter((endpoint) => endpoint.embed)
  .flatMap((endpoint) => [`OPTIONS /api${endpoint.path}`, `GET /api${endpoint.path}`]);

/** The body parsers of the endpoints that declare a larger body: they parse, then pass the request on. */
const LARGER_BODIES = (Object.values(API) as AnyEndpoint[])
  .filter((endpoint) => endpoint.maxBodyBytes && endpoint.body)
  .map((endpoint) => `${endpoint.method.toUpperCase()} /api${endpoint.path}`);

const ROLES = ['anonymous', ...GROUPS] as const;

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const [i, group] of GROUPS.entries()) {
    tokens.set(group, await server.kib.accessTokens.sign({ userId: 1_000 + i, groups: [group] }));
  }
});
afterAll(() => server?.close());

function describeAccess(access: Access): 'public' | 'authenticated' | readonly GroupName[] {
  return access.kind === 'roles' ? access.roles : access.kind;
}

/** Every method + path that Express itself would answer, wherever it was registered. */
function expressRoutes(router: Router, prefix = ''): string[] {
  const out: string[] = [];
  for (const layer of router.stack as unknown as {
    route?: { path: string; methods: Record<string, boolean> };
    handle: Router & { stack?: unknown[] };
  }[]) {
    if (layer.route) {
      for (const m of Object.keys(layer.route.methods))
        out.push(`${m.toUpperCase()} ${prefix}${layer.route.path}`);
    } else if (layer.handle?.stack) {
      out.push(...expressRoutes(layer.handle, prefix));
    }
  }
  return out;
}

describe('route × role', () => {
  it('every route has an expected rule, and the rule is the one declared', () => {
    const declared = Object.fromEntries(
      server.kib.api.routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, describeAccess(r.access)]),
    );
    expect(declared).toEqual(EXPECTED);
  });

  it('no route reaches Express except through the access layer', () => {
    const registered = new Set(server.kib.api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const all = expressRoutes((server.kib.app as unknown as { router: Router }).router);
    expect(all.length).toBeGreaterThanOrEqual(registered.size);
    expect(
      all.filter(
        (r) =>
          !registered.has(r) &&
          !OUTSIDE_API.includes(r) &&
          !EMBED_CORS.includes(r) &&
          !LARGER_BODIES.includes(r),
      ),
    ).toEqual([]);
    expect(LARGER_BODIES).toEqual([
      'POST /api/createregisterstudents/',
      'POST /api/createregisterstudents/file/',
      'PUT /api/creator/drafts/:name/',
    ]);
    expect(EMBED_CORS).toHaveLength(6);
    expect(all).toContain('POST /lti/1.1/launch');
  });

  it('answers every route for every role as its rule says', async () => {
    const failures: string[] = [];
    for (const route of server.kib.api.routes) {
      const rule = EXPECTED[`${route.method.toUpperCase()} ${route.path}`]!;
      for (const role of ROLES) {
        const c = new TestClient(server.url);
        c.token = tokens.get(role);
        const res = await c.request(
          route.method.toUpperCase(),
          `/api${route.path}`,
          route.method === 'get' ? undefined : {},
        );
        const allowed =
          rule === 'public' ||
          (role !== 'anonymous' && (rule === 'authenticated' || rule.includes(role as GroupName)));
        const code = (res.body as { code?: string }).code;
        const expected = allowed ? 'not 401/403 by the access layer' : role === 'anonymous' ? '401' : '403';
        // A teacher's school plan is checked by the handler, past the access layer: these callers have none.
        const ok = allowed
          ? !(res.status === 401 && code === 'not-authenticated') &&
            !(res.status === 403 && code !== 'subscription-required')
          : res.status === (role === 'anonymous' ? 401 : 403);
        if (!ok)
          failures.push(
            `${route.method.toUpperCase()} ${route.path} as ${role}: ${res.status} ${code}, expected ${expected}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new TestClient(server.url).get('/api/no/such/route/');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'route-not-found' });
  });
});
