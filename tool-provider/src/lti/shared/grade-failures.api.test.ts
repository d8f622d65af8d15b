// @module-tag embedded: the grade outbox's retries on one session
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSignedLaunch } from '../../../testing/lti-peer';
import {
  exchangeLaunchCode,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';
import { OutcomeRepository } from '../v11/outcome.repository';
import { LEASE_MS, MAX_OUTCOME_ATTEMPTS, retryDelayMs } from './outbox';

/**
 * Plays an LMS's Basic Outcomes endpoint that answers each replaceResult with the next scripted
 * status (an HTTP status, or 200 with imsx_codeMajor success once the script is empty).
 */
class FlakyOutcomeService {
  script: number[] = [];
  received = 0;
  port = 0;
  private server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      this.received++;
      const next = this.script.shift();
      if (next !== undefined) return void res.writeHead(next).end('unavailable');
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          '<imsx_POXEnvelopeResponse><imsx_POXHeader><imsx_POXResponseHeaderInfo><imsx_statusInfo><imsx_codeMajor>success</imsx_codeMajor></imsx_statusInfo></imsx_POXResponseHeaderInfo></imsx_POXHeader></imsx_POXEnvelopeResponse>',
        );
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface Results {
  students_data: { id: number; first_name: string }[];
  grade_failures: {
    student_id: number;
    score: number;
    attempts: number;
    error: string;
    given_up_at: string;
  }[];
}

let server: TestServer;
let lms: FlakyOutcomeService;
let clock = new Date();
let numeral: number;

beforeAll(async () => {
  lms = new FlakyOutcomeService();
  await lms.start();
  server = await startTestServer({}, { ltiNow: () => clock }, { seeded: true });
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
  await lms?.close();
});

/** An LTI 1.1 launch of DEMO42 from `link`, signed at the test's clock; answers the session. */
async function launch(link: string, params: Record<string, string>) {
  const res = await postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: link,
      context_title: 'Álgebra 10A',
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
  return exchangeLaunchCode(server.url, res.headers.get('location')!);
}

/** A learner of `link` whose grades go to the flaky LMS. */
async function learner(link: string, userId: string): Promise<{ c: TestClient; id: number }> {
  const { client } = await launch(link, {
    user_id: userId,
    roles: 'Learner',
    lis_person_name_full: `Ana ${userId}`,
    lis_outcome_service_url: `http://127.0.0.1:${lms.port}/mod/lti/service.php`,
    lis_result_sourcedid: `sourcedid-${userId}`,
  });
  const me = await client.get<{ id: number }>('/api/auth/users/me/');
  return { c: client, id: me.body.id };
}

/** An instructor of `link`, with the link's id. */
async function instructor(link: string, userId: string): Promise<{ c: TestClient; linkId: number }> {
  const { client, next } = await launch(link, { user_id: userId, roles: 'Instructor' });
  return { c: client, linkId: Number(new URL(next, 'http://x').searchParams.get('link')) };
}

async function solve(c: TestClient): Promise<void> {
  const res = await c.post('/api/proof/', {
    answer: [
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ],
    numeral,
    total_time: 10,
  });
  expect(res.body).toMatchObject({ numeral_completed: true, recorded: true });
}

const pass = () => server.kib.grades.basicOutcomes.runOnce();

/** Fails every try until the grade is given up, moving the clock through the back-off schedule. */
async function failUntilGivenUp(): Promise<void> {
  lms.script = Array.from({ length: MAX_OUTCOME_ATTEMPTS }, () => 503);
  for (let i = 0; i < MAX_OUTCOME_ATTEMPTS; i++) {
    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    // Not due again before its back-off has passed.
    if (i < MAX_OUTCOME_ATTEMPTS - 1) expect(await pass()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + retryDelayMs(i));
  }
}

describe('a grade the LMS keeps refusing', () => {
  it('is retried on the back-off schedule: 30 s, doubling, at most 6 h between tries', () => {
    expect([0, 1, 2, 3, 9, 10, 11].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 15_360, 21_600, 21_600,
    ]);
  });

  it('is shown to the instructor after the last try with the LMS’s answer, and a resend delivers it', async () => {
    const ana = await learner('flaky-link', 'gf-1');
    const teacher = await instructor('flaky-link', 'gf-t1');
    await solve(ana.c);
    await failUntilGivenUp();

    const results = await teacher.c.get<Results>(`/api/lti/links/${teacher.linkId}/results/`);
    expect(results.status).toBe(200);
    expect(results.body.grade_failures).toEqual([
      {
        student_id: ana.id,
        score: expect.any(Number) as number,
        attempts: MAX_OUTCOME_ATTEMPTS,
        error: 'HTTP 503',
        given_up_at: expect.any(String) as string,
      },
    ]);
    expect(results.body.grade_failures[0]!.score).toBeGreaterThan(0);
    // Given up: no further pass sends it by itself.
    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    expect(await pass()).toEqual({ sent: 0, failed: 0 });

    // The LMS fails once more, then accepts: the resent grade is retried and delivered.
    const resend = await teacher.c.post<{ resent: number }>(
      `/api/lti/links/${teacher.linkId}/grades/resend/`,
      { student_id: ana.id },
    );
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ resent: 1 });
    lms.script = [502];
    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    clock = new Date(clock.getTime() + retryDelayMs(0));
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    const after = await teacher.c.get<Results>(`/api/lti/links/${teacher.linkId}/results/`);
    expect(after.body.grade_failures).toEqual([]);
    const [row] = await new OutcomeRepository(server.db.sequelize).forUser(ana.id);
    expect(row).toMatchObject({ pending: false, lastError: null, attempts: 0 });
    expect(row!.lastScore).toBeCloseTo(results.body.grade_failures[0]!.score, 6);
  });

  it('is resent for all the link’s learners at once, and nothing is left to resend after', async () => {
    const [a, b] = [await learner('flaky-all', 'gf-2'), await learner('flaky-all', 'gf-3')];
    const teacher = await instructor('flaky-all', 'gf-t2');
    await solve(a.c);
    await solve(b.c);
    lms.script = Array.from({ length: 2 * MAX_OUTCOME_ATTEMPTS }, () => 500);
    for (let i = 0; i < MAX_OUTCOME_ATTEMPTS; i++) {
      expect(await pass()).toEqual({ sent: 0, failed: 2 });
      clock = new Date(clock.getTime() + retryDelayMs(i));
    }
    let results = await teacher.c.get<Results>(`/api/lti/links/${teacher.linkId}/results/`);
    expect(results.body.grade_failures.map((f) => f.student_id).sort()).toEqual([a.id, b.id].sort());

    expect(
      (await teacher.c.post<{ resent: number }>(`/api/lti/links/${teacher.linkId}/grades/resend/`, {})).body,
    ).toEqual({ resent: 2 });
    results = await teacher.c.get<Results>(`/api/lti/links/${teacher.linkId}/results/`);
    expect(results.body.grade_failures).toEqual([]);
    expect(await pass()).toEqual({ sent: 2, failed: 0 });
    // Nothing left to resend.
    expect(
      (await teacher.c.post<{ resent: number }>(`/api/lti/links/${teacher.linkId}/grades/resend/`, {})).body,
    ).toEqual({ resent: 0 });
  });

  it('refuses another instructor, a learner, a stranger to the link and a learner of another link', async () => {
    const ana = await learner('owned-link', 'gf-4');
    const owner = await instructor('owned-link', 'gf-t3');
    const other = await instructor('another-link', 'gf-t4');
    const elsewhere = await learner('another-link', 'gf-5');
    const url = `/api/lti/links/${owner.linkId}/grades/resend/`;
    expect((await other.c.post(url, {})).status).toBe(404);
    expect((await other.c.get(`/api/lti/links/${owner.linkId}/results/`)).status).toBe(404);
    expect((await ana.c.post(url, {})).status).toBe(403);
    // The owner may only name a learner of this link.
    expect((await owner.c.post(url, { student_id: elsewhere.id })).status).toBe(404);
    expect((await owner.c.post(url, { student_id: 'x' })).status).toBe(400);
    expect((await owner.c.post('/api/lti/links/nope/grades/resend/', {})).status).toBe(404);
  });
});

describe('a grade whose sender died after claiming it', () => {
  it('is sent by another instance once the claim’s lease ends, and only once', async () => {
    const ana = await learner('crash-link', 'gf-6');
    await solve(ana.c);
    // An instance claims the grade, then is killed before it sends it.
    const claimed = await new OutcomeRepository(server.db.sequelize).claimDue(
      clock,
      new Date(clock.getTime() + LEASE_MS),
      20,
    );
    expect(claimed.map((r) => r.userId)).toEqual([ana.id]);
    const before = lms.received;
    // Another instance skips it while the lease holds…
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    // …and sends it once the lease has ended.
    clock = new Date(clock.getTime() + LEASE_MS);
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    expect(lms.received - before).toBe(1);
  });
});
