// @module-tag embedded: the grade outbox's locking on one session
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerVerifiesBody, postSignedLaunch } from '../../../testing/lti-peer';
import {
  exchangeLaunchCode,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from './dev-consumer';
import { LtiRepository } from '../shared/lti.repository';
import { OutcomeRepository } from './outcome.repository';
import { codeMajorOf, MAX_OUTCOME_ATTEMPTS, OutcomeSender, replaceResultXml, retryDelayMs } from './outcomes';

/** One request the fake outcome service received, with what the independent peer thought of it. */
interface Received {
  contentType: string | undefined;
  signature: boolean;
  bodyHash: boolean;
  sourcedid: string | null;
  score: number | null;
}

/**
 * Plays Moodle's mod/lti/service.php: verifies each replaceResult with oauth-sign (signature over
 * its URL's query and the header, body hash as plain SHA-1) and answers the next scripted status.
 */
class FakeOutcomeService {
  readonly received: Received[] = [];
  /** What to answer next: 'success', 'failure' (HTTP 200 with imsx_codeMajor failure) or an HTTP status. */
  script: ('success' | 'failure' | number)[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = `http://127.0.0.1:${this.port}${req.url}`;
      const check = peerVerifiesBody(url, req.headers.authorization ?? '', body, DEV_LTI_CONSUMER.secret);
      this.received.push({
        contentType: req.headers['content-type'],
        signature: check.signature,
        bodyHash: check.bodyHash,
        sourcedid: /<sourcedId>([^<]*)<\/sourcedId>/.exec(body)?.[1] ?? null,
        score: Number(/<textString>([^<]*)<\/textString>/.exec(body)?.[1] ?? NaN),
      });
      const next = this.script.shift() ?? 'success';
      const valid = check.signature && check.bodyHash;
      if (typeof next === 'number') return void res.writeHead(next).end('unavailable');
      const major = valid && next === 'success' ? 'success' : 'failure';
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><imsx_POXEnvelopeResponse xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0"><imsx_POXHeader><imsx_POXResponseHeaderInfo><imsx_version>V1.0</imsx_version><imsx_messageIdentifier>1</imsx_messageIdentifier><imsx_statusInfo><imsx_codeMajor>${major}</imsx_codeMajor><imsx_severity>status</imsx_severity><imsx_description></imsx_description></imsx_statusInfo></imsx_POXResponseHeaderInfo></imsx_POXHeader><imsx_POXBody><replaceResultResponse/></imsx_POXBody></imsx_POXEnvelopeResponse>`,
        );
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let server: TestServer;
let moodle: FakeOutcomeService;
let clock = new Date();
let numerals: number[];
const SOURCEDID = '{"data":{"instanceid":"1","userid":"4","typeid":"1","launchid":250242067},"hash":"85d8"}';

beforeAll(async () => {
  moodle = new FakeOutcomeService();
  await moodle.start();
  server = await startTestServer({}, { ltiNow: () => clock }, { seeded: true });
  numerals = (
    await server.db.sequelize.query<{ id: number }>(
      `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id WHERE m.name = 'Taller de álgebra' AND mp.numeration = '2'
       ORDER BY n.number`,
      { type: QueryTypes.SELECT },
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await moodle?.close();
});

/**
 * Posts a launch of the module DEMO42 from resource link 1, signed for the development consumer at
 * the test's clock; redirects are not followed.
 */
function launch(params: Record<string, string>): Promise<Response> {
  return postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: '1',
      custom_activity_code: 'DEMO42',
      ...params,
    },
    {
      consumerKey: DEV_LTI_CONSUMER.consumerKey,
      secret: DEV_LTI_CONSUMER.secret,
      timestamp: Math.floor(clock.getTime() / 1000),
    },
  );
}

/** Launches as a Moodle learner with outcome parameters and answers a client with the session. */
async function learner(userId: string, sourcedid = SOURCEDID): Promise<TestClient> {
  const res = await launch({
    user_id: userId,
    roles: 'Learner',
    lis_outcome_service_url: `http://127.0.0.1:${moodle.port}/mod/lti/service.php?sesskey=a+b`,
    lis_result_sourcedid: sourcedid,
  });
  expect(res.status).toBe(303);
  return (await exchangeLaunchCode(server.url, res.headers.get('location')!)).client;
}

/** The module's numeral count (published problems), for the expected progress. */
async function moduleNumerals(): Promise<number> {
  const [row] = await server.db.sequelize.query<{ n: number }>(
    `SELECT count(n.id)::int AS n FROM numerals n JOIN problems p ON p.id = n.problem_id AND p.publish_problem
     JOIN module_problems mp ON mp.problem_id = p.id JOIN modules m ON m.id = mp.module_id
     WHERE m.name = 'Taller de álgebra'`,
    { type: QueryTypes.SELECT },
  );
  return row!.n;
}

async function solveLine(c: TestClient) {
  const res = await c.post('/api/proof/', {
    answer: [
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ],
    numeral: numerals[0],
    total_time: 10,
  });
  expect(res.body).toMatchObject({ numeral_completed: true, recorded: true });
}

const outcomesOf = async (c: TestClient) => {
  const me = await c.get<{ id: number }>('/api/auth/users/me/');
  return new OutcomeRepository(server.db.sequelize).forUser(me.body.id);
};

describe('Basic Outcomes', () => {
  it('sends the module progress with replaceResult, signed and body-hashed as Moodle checks, after a completed numeral', async () => {
    const c = await learner('grade-student-1');
    expect(await outcomesOf(c)).toMatchObject([{ pending: false, score: null }]);
    await solveLine(c);
    const [pending] = await outcomesOf(c);
    expect(pending).toMatchObject({ pending: true });
    expect(pending!.score).toBeCloseTo(1 / (await moduleNumerals()), 6);

    const before = moodle.received.length;
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 1, failed: 0 });
    const got = moodle.received.slice(before);
    expect(got).toEqual([
      {
        contentType: 'application/xml',
        signature: true,
        bodyHash: true,
        sourcedid: SOURCEDID.replace(/"/g, '&quot;'),
        score: Number((1 / (await moduleNumerals())).toFixed(4)),
      },
    ]);
    const [sent] = await outcomesOf(c);
    expect(sent).toMatchObject({ pending: false, attempts: 0, lastError: null });
    expect(sent!.lastScore).toBeCloseTo(pending!.score, 6);
    // Nothing is due any more.
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('counts HTTP 200 with imsx_codeMajor=failure as a failure and retries with backoff until success', async () => {
    const c = await learner('grade-student-2', 'sourcedid-2');
    await solveLine(c);
    moodle.script = ['failure', 503, 'success'];
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = await outcomesOf(c);
    expect(row).toMatchObject({ pending: true, attempts: 1, lastError: 'imsx_codeMajor failure' });
    expect(row!.nextAttemptAt!.getTime() - clock.getTime()).toBe(retryDelayMs(0));

    // Not due yet: nothing is sent.
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + retryDelayMs(0));
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 0, failed: 1 });
    [row] = await outcomesOf(c);
    expect(row).toMatchObject({ pending: true, attempts: 2, lastError: 'HTTP 503' });
    expect(row!.nextAttemptAt!.getTime() - clock.getTime()).toBe(retryDelayMs(1));

    // A sender built afresh (a restarted process) resumes from the database.
    clock = new Date(clock.getTime() + retryDelayMs(1));
    const restarted = new OutcomeSender({
      outcomes: new OutcomeRepository(server.db.sequelize),
      consumers: new LtiRepository(server.db.sequelize),
      logger: pino({ level: 'silent' }),
      now: () => clock,
    });
    expect(await restarted.runOnce()).toEqual({ sent: 1, failed: 0 });
    [row] = await outcomesOf(c);
    expect(row).toMatchObject({ pending: false, attempts: 0, lastError: null });
  });

  it('gives a score up after the last try, and a newer score starts again', async () => {
    const c = await learner('grade-student-3', 'sourcedid-3');
    await solveLine(c);
    moodle.script = Array.from({ length: MAX_OUTCOME_ATTEMPTS }, () => 'failure' as const);
    for (let i = 0; i < MAX_OUTCOME_ATTEMPTS; i++) {
      expect((await server.kib.grades.basicOutcomes.runOnce()).failed).toBe(1);
      clock = new Date(clock.getTime() + retryDelayMs(i));
    }
    let [row] = await outcomesOf(c);
    expect(row).toMatchObject({ pending: false, attempts: MAX_OUTCOME_ATTEMPTS });
    // Completing the numeral again recomputes the grade and queues it.
    await solveLine(c);
    [row] = await outcomesOf(c);
    expect(row).toMatchObject({ pending: true, attempts: 0 });
    moodle.script = [];
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 1, failed: 0 });
  });

  it('sends nothing for a student who came without outcome parameters, or for an instructor', async () => {
    const before = moodle.received.length;
    const res = await launch({
      user_id: 'teacher-solving',
      roles: 'Instructor',
      lis_outcome_service_url: `http://127.0.0.1:${moodle.port}/mod/lti/service.php`,
      lis_result_sourcedid: 'teacher-sourcedid',
    });
    const code = new URL(res.headers.get('location')!, 'http://x').searchParams.get('code');
    const c = new TestClient(server.url);
    c.token = (await c.post<{ access: string }>('/api/lti/session/', { code })).body.access;
    await solveLine(c);
    expect(await outcomesOf(c)).toEqual([]);
    expect(await server.kib.grades.basicOutcomes.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(moodle.received.length).toBe(before);
  });

  it('refuses an outcome service outside the consumer’s origins at launch', async () => {
    const res = await launch({
      user_id: 'ssrf-student',
      lis_outcome_service_url: 'http://169.254.169.254/latest/meta-data',
      lis_result_sourcedid: 'x',
    });
    expect(res.status).toBe(400);
  });
});

describe('replaceResult messages', () => {
  it('escapes the sourcedid and bounds the score to [0, 1]', () => {
    const xml = replaceResultXml('a<b>&"c', 1.7, 'm1');
    expect(xml).toContain('<sourcedId>a&lt;b&gt;&amp;&quot;c</sourcedId>');
    expect(xml).toContain('<textString>1</textString>');
    expect(replaceResultXml('s', 1 / 3, 'm')).toContain('<textString>0.3333</textString>');
  });

  it('reads imsx_codeMajor with or without a namespace prefix', () => {
    expect(codeMajorOf('<x><imsx_codeMajor>success</imsx_codeMajor></x>')).toBe('success');
    expect(codeMajorOf('<ims:imsx_codeMajor> failure </ims:imsx_codeMajor>')).toBe('failure');
    expect(codeMajorOf('<html>oops</html>')).toBeNull();
  });
});
