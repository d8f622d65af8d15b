import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSignedLaunch } from '../../../testing/lti-peer';
import { Lti13Flow } from '../../../testing/lti13-flow';
import { Lti13Peer } from '../../../testing/lti13-peer';
import {
  exchangeLaunchCode,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';
import { ROSTER_REFRESH_MS } from './lti-links.service';
import { NRPS_CLAIM } from '../v13/nrps';

const PUBLIC_URL = 'http://kib.test';
const ROLES = 'https://purl.imsglobal.org/spec/lti/claim/roles';
const INSTRUCTOR = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];
const LEARNER = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'];
const RESOURCE_LINK = 'https://purl.imsglobal.org/spec/lti/claim/resource_link';
const CONTEXT = 'https://purl.imsglobal.org/spec/lti/claim/context';

let server: TestServer;
let peer: Lti13Peer;
let flow: Lti13Flow;
let clock = new Date();
let numeral: number;

interface Results {
  link: { id: number; title: string; context_title: string; module_id: number };
  roster: string;
  module_data: { name: string };
  students_data: { id: number; first_name: string; last_name: string; stats: { completed: boolean }[] }[];
  numerals_stats: { numeral_id: number; completed: number }[];
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL }, { ltiNow: () => clock }, { seeded: true });
  peer = new Lti13Peer();
  await peer.start(server.url);
  flow = new Lti13Flow(server, peer, PUBLIC_URL);
  await flow.registerPlatform();
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
     JOIN modules m ON m.id = mp.module_id WHERE m.name = 'Taller de álgebra' AND mp.numeration = '2'
     ORDER BY n.number LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  numeral = row!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** Completes the seeded numeral of 'Taller de álgebra' (the line through (0,-1) and (2,3)). */
async function solve(c: TestClient): Promise<void> {
  const proof = await c.post('/api/proof/', {
    answer: [
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ],
    numeral,
    total_time: 12,
  });
  expect(proof.body).toMatchObject({ numeral_completed: true, recorded: true });
}

/** The link id of an instructor's redirect (through the code exchange). */
async function instructorSession(location: string, exchange: (l: string) => Promise<TestClient>) {
  const c = await exchange(location);
  const next = await c.get<{ groups: string[] }>('/api/auth/users/me/');
  expect(next.body.groups).toEqual(['LTITeacher']);
  return c;
}

describe('the results of an LTI 1.3 resource link', () => {
  const member = (userId: string, given: string, family: string, roles = LEARNER, status = 'Active') => ({
    user_id: userId,
    roles,
    status,
    given_name: given,
    family_name: family,
    name: `${given} ${family}`,
  });
  const linkClaims = (sub: string, roles: string[], extra: Record<string, unknown> = {}) => ({
    sub,
    [ROLES]: roles,
    [RESOURCE_LINK]: { id: 'rl-nrps', title: 'Taller 1' },
    [CONTEXT]: { id: 'course-2', label: 'ALG', title: 'Álgebra 10A' },
    [NRPS_CLAIM]: { context_memberships_url: peer.endpoints.memberships, service_versions: ['2.0'] },
    ...extra,
  });

  it("lists the course's roster, launched or not, with the learners' progress, for the link's instructor", async () => {
    peer.roster = [
      member('s-1', 'Ana', 'Gómez'),
      member('s-2', 'Luis', 'Pérez'),
      member('s-3', 'Sara', 'Ríos'),
      member('t-1', 'Laura', 'Díaz', INSTRUCTOR),
      member('s-gone', 'Old', 'Student', LEARNER, 'Inactive'),
      { roles: LEARNER, name: 'no id' },
    ];
    peer.rosterPageSize = 2;
    const learner = await flow.launch(
      linkClaims('s-1', LEARNER, { given_name: 'Ana', family_name: 'Gómez' }),
    );
    expect(learner.res.headers.get('location')).toMatch(/^\/moodlelogin\?code=/);
    await solve(await flow.session(learner.res.headers.get('location')!));

    const teacher = await flow.launch(linkClaims('t-1', INSTRUCTOR));
    expect(teacher.res.status).toBe(303);
    const c = await instructorSession(teacher.res.headers.get('location')!, (l) => flow.session(l));
    const opened = await server.db.sequelize.query<{ payload: { next: string } }>(
      `SELECT payload FROM lti_launch_codes ORDER BY id DESC LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    const next = opened[0]!.payload.next;
    expect(next).toMatch(/^\/moodleteacher\?link=\d+$/);
    const linkId = Number(new URL(next, 'http://x').searchParams.get('link'));

    const before = peer.rosterRequests.length;
    const results = await c.get<Results>(`/api/lti/links/${linkId}/results/`);
    expect(results.status).toBe(200);
    expect(results.headers.get('cache-control')).toBe('no-store');
    expect(results.body.link).toMatchObject({ id: linkId, title: 'Taller 1', context_title: 'Álgebra 10A' });
    expect(results.body.roster).toBe('synced');
    expect(results.body.module_data.name).toBe('Taller de álgebra');
    expect(results.body.students_data.map((s) => `${s.first_name} ${s.last_name}`)).toEqual([
      'Ana Gómez',
      'Luis Pérez',
      'Sara Ríos',
    ]);
    const ana = results.body.students_data[0]!;
    expect(ana.stats).toEqual([expect.objectContaining({ completed: true })]);
    expect(results.body.students_data[1]!.stats).toEqual([]);
    expect(results.body.numerals_stats.find((n) => n.numeral_id === numeral)?.completed).toBe(1);

    // Three pages of two, each asked with the NRPS token and media type, narrowed to the link.
    const requests = peer.rosterRequests.slice(before);
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r.authorized).toBe(true);
      expect(r.accept).toBe('application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
      expect(new URL(r.path, peer.issuer).searchParams.get('rlid')).toBe('rl-nrps');
    }
    // The roster is read again only after a while.
    await c.get<Results>(`/api/lti/links/${linkId}/results/`);
    expect(peer.rosterRequests.length).toBe(before + 3);

    // A learner who left the course and never launched leaves the results; one who launched stays.
    peer.roster = [member('s-2', 'Luis', 'Pérez'), member('t-1', 'Laura', 'Díaz', INSTRUCTOR)];
    clock = new Date(clock.getTime() + ROSTER_REFRESH_MS + 1000);
    const later = await c.get<Results>(`/api/lti/links/${linkId}/results/`);
    expect(later.body.students_data.map((s) => s.first_name)).toEqual(['Ana', 'Luis']);
    clock = new Date();

    // Not an instructor of this link: not found; a learner's session: forbidden.
    const other = await flow.launch(linkClaims('t-2', INSTRUCTOR, { [RESOURCE_LINK]: { id: 'rl-other' } }));
    const stranger = await flow.session(other.res.headers.get('location')!);
    expect((await stranger.get(`/api/lti/links/${linkId}/results/`)).status).toBe(404);
    const again = await flow.launch(linkClaims('s-2', LEARNER));
    const student = await flow.session(again.res.headers.get('location')!);
    expect((await student.get(`/api/lti/links/${linkId}/results/`)).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/lti/links/${linkId}/results/`)).status).toBe(401);
    expect((await c.get(`/api/lti/links/abc/results/`)).status).toBe(404);
  });

  it("shows the launches' learners when the roster cannot be read, and reads it at the next view", async () => {
    peer.roster = [member('u-1', 'Eva', 'Mora'), member('u-2', 'Iván', 'Soto')];
    peer.rosterPageSize = 100;
    const claims = (sub: string, roles: string[]) =>
      linkClaims(sub, roles, {
        [RESOURCE_LINK]: { id: 'rl-down', title: 'Taller 2' },
        given_name: 'Eva',
        family_name: 'Mora',
      });
    const learner = await flow.launch(claims('u-1', LEARNER));
    await flow.session(learner.res.headers.get('location')!);
    const teacher = await flow.launch(claims('t-1', INSTRUCTOR));
    const c = await flow.session(teacher.res.headers.get('location')!);
    const [{ id }] = (await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM lti_resource_links WHERE resource_link_id = 'rl-down'`,
      { type: QueryTypes.SELECT },
    )) as [{ id: number }];
    peer.rosterScript = [503];
    const down = await c.get<Results>(`/api/lti/links/${id}/results/`);
    expect(down.status).toBe(200);
    expect(down.body.roster).toBe('unavailable');
    expect(down.body.students_data.map((s) => s.first_name)).toEqual(['Eva']);
    const up = await c.get<Results>(`/api/lti/links/${id}/results/`);
    expect(up.body.roster).toBe('synced');
    expect(up.body.students_data.map((s) => s.first_name)).toEqual(['Eva', 'Iván']);
  });

  it('keeps the results of a link whose platform offers no roster to its launches', async () => {
    const claims = (sub: string, roles: string[]) =>
      linkClaims(sub, roles, { [RESOURCE_LINK]: { id: 'rl-plain' }, [NRPS_CLAIM]: undefined });
    const before = peer.rosterRequests.length;
    await flow.session((await flow.launch(claims('p-1', LEARNER))).res.headers.get('location')!);
    const c = await flow.session((await flow.launch(claims('t-1', INSTRUCTOR))).res.headers.get('location')!);
    const [{ id }] = (await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM lti_resource_links WHERE resource_link_id = 'rl-plain'`,
      { type: QueryTypes.SELECT },
    )) as [{ id: number }];
    const results = await c.get<Results>(`/api/lti/links/${id}/results/`);
    expect(results.body.roster).toBe('launches');
    expect(results.body.students_data.map((s) => s.first_name)).toEqual(['Ada']);
    expect(peer.rosterRequests.length).toBe(before);
  });
});

describe('the results of an LTI 1.1 resource link', () => {
  async function launch11(params: Record<string, string>) {
    const res = await postSignedLaunch(
      `${server.url}/lti/1.1/launch`,
      {
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        resource_link_id: 'moodle-link-9',
        resource_link_title: 'Kib: rectas',
        context_id: '2',
        context_title: 'Matemáticas 9B',
        custom_activity_code: 'DEMO42',
        ...params,
      },
      {
        consumerKey: DEV_LTI_CONSUMER.consumerKey,
        secret: DEV_LTI_CONSUMER.secret,
        timestamp: Math.floor(clock.getTime() / 1000),
      },
    );
    expect(res.status).toBe(303);
    const { client: c, next } = await exchangeLaunchCode(server.url, res.headers.get('location')!);
    return { c, next };
  }

  it("opens an Instructor's launch on the results of the learners who launched the link", async () => {
    const learner = await launch11({ user_id: 'm-s-1', roles: 'Learner', lis_person_name_full: 'Rosa Vega' });
    expect(learner.next).toMatch(/^\/moodlestudent\?module=\d+$/);
    await solve(learner.c);
    const teacher = await launch11({ user_id: 'm-t-1', roles: 'Instructor' });
    expect(teacher.next).toMatch(/^\/moodleteacher\?link=\d+$/);
    const linkId = new URL(teacher.next, 'http://x').searchParams.get('link');
    const results = await teacher.c.get<Results>(`/api/lti/links/${linkId}/results/`);
    expect(results.body).toMatchObject({
      roster: 'launches',
      link: { title: 'Kib: rectas', context_title: 'Matemáticas 9B' },
    });
    expect(results.body.students_data).toEqual([
      expect.objectContaining({ first_name: 'Rosa', last_name: 'Vega', stats: [expect.anything()] }),
    ]);
    // The instructor may try the activity itself.
    const moduleId = results.body.link.module_id;
    expect((await teacher.c.get(`/api/lti/modules/${moduleId}/`)).status).toBe(200);
    // The learner cannot read the results of their own link.
    expect((await learner.c.get(`/api/lti/links/${linkId}/results/`)).status).toBe(403);

    // The picker offers the teacher's activities again, with the code their links carry.
    const recent = await teacher.c.get<{ activities: unknown[] }>('/api/lti/recent-activities/');
    expect(recent.body.activities).toEqual([
      {
        module_id: moduleId,
        name: 'Taller de álgebra',
        activity_code: 'DEMO42',
        context_title: 'Matemáticas 9B',
      },
    ]);
    expect((await learner.c.get('/api/lti/recent-activities/')).status).toBe(403);
    const other = await launch11({ user_id: 'm-t-2', roles: 'Instructor', resource_link_id: 'other-link' });
    expect(
      (await other.c.get<{ activities: unknown[] }>('/api/lti/recent-activities/')).body.activities,
    ).toHaveLength(1);
  });
});
