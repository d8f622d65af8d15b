import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { base64url, SignJWT } from 'jose';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { postSignedLaunch } from '../../../testing/lti-peer';
import { formPost, Lti13Flow } from '../../../testing/lti13-flow';
import { Lti13Peer } from '../../../testing/lti13-peer';
import {
  exchangeLaunchCode,
  startSecondInstance,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { SCORE_MEDIA_TYPE } from './ags';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';
import { LtiRepository } from '../shared/lti.repository';
import { Lti13OutcomeRepository } from './lti13-outcome.repository';
import { Lti13Repository } from './lti13.repository';
import { runPlatformCommand } from './platform-admin';
import recorded from './fixtures/moodle456-lti13-launch.json' with { type: 'json' };

/** Kib's public address as the platform knows it (the tests post to the real port). */
const PUBLIC_URL = 'http://kib.test';
const REDIRECT_URI = `${PUBLIC_URL}/lti/1.3/launch`;

let server: TestServer;
let peer: Lti13Peer;
let clock = new Date();
let numerals: number[];
let flow: Lti13Flow;
/** What the server logged (pino's JSON lines, info and above). */
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer(
    { PUBLIC_URL },
    { ltiNow: () => clock, logger: pino({ level: 'info' }, sink) },
    { seeded: true },
  );
  peer = new Lti13Peer();
  await peer.start(server.url);
  flow = new Lti13Flow(server, peer, PUBLIC_URL);
  const lines = await flow.registerPlatform();
  expect(lines).toContain(`login URL:       ${PUBLIC_URL}/lti/1.3/login`);
  numerals = (
    await server.db.sequelize.query<{ id: number }>(
      `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id WHERE m.name = 'Taller de álgebra' AND mp.numeration = '2'
       ORDER BY n.number`,
      { type: QueryTypes.SELECT },
    )
  ).map((r) => r.id);
  clock = new Date();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const form = formPost;
const login: Lti13Flow['login'] = (...args) => flow.login(...args);
const launch: Lti13Flow['launch'] = (...args) => flow.launch(...args);
const session = (location: string) => flow.session(location);

/** Solves the module's first numeral right (the line through (0, -1) and (2, 3)), as `c`. */
const solveFirstNumeral = (c: TestClient) =>
  c.post('/api/proof/', {
    answer: [
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ],
    numeral: numerals[0],
    total_time: 10,
  });

describe('LTI 1.3 launch', () => {
  it('logs in, launches the module of custom.activity_code as the LMS learner and posts the progress by AGS', async () => {
    const { res } = await launch({ sub: 'learner-1' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/moodlelogin\?code=[\w-]+&lang=en$/);
    const c = await session(location);
    const me = await c.get<{ id: number; groups: string[]; first_name: string }>('/api/auth/users/me/');
    expect(me.body).toMatchObject({ groups: ['LTIStudent'], first_name: 'Ada' });
    const [identity] = await server.db.sequelize.query<{ platform: string; kind: string }>(
      `SELECT kind, platform FROM lti_identities WHERE subject = 'learner-1'`,
      { type: QueryTypes.SELECT },
    );
    // Keyed by the issuer alone: `sub` is the issuer's, whatever client id the launch came through.
    expect(identity).toEqual({ kind: '1.3', platform: peer.issuer });

    const proof = await solveFirstNumeral(c);
    expect(proof.body).toMatchObject({ numeral_completed: true, recorded: true });
    const [{ n }] = (await server.db.sequelize.query<{ n: number }>(
      `SELECT count(n.id)::int AS n FROM numerals n JOIN problems p ON p.id = n.problem_id AND p.publish_problem
       JOIN module_problems mp ON mp.problem_id = p.id JOIN modules m ON m.id = mp.module_id
       WHERE m.name = 'Taller de álgebra'`,
      { type: QueryTypes.SELECT },
    )) as [{ n: number }];

    const before = peer.scores.length;
    expect(await server.kib.grades.agsScores.runOnce()).toEqual({ sent: 1, failed: 0 });
    const score = peer.scores[before]!;
    expect(score).toMatchObject({
      path: '/lineitems/7/lineitem/scores?type_id=2',
      contentType: SCORE_MEDIA_TYPE,
      authorized: true,
    });
    // Out of the line items' maximum (100 by default): the platform scales scoreGiven / scoreMaximum.
    expect(score.payload).toMatchObject({
      userId: 'learner-1',
      scoreGiven: Number((Number((1 / n).toFixed(4)) * 100).toFixed(4)),
      scoreMaximum: 100,
      activityProgress: 'InProgress',
      gradingProgress: 'FullyGraded',
    });
    expect(Number(score.payload.scoreGiven) / Number(score.payload.scoreMaximum)).toBeCloseTo(1 / n, 4);
    expect(Date.parse(score.payload.timestamp as string)).toBe(clock.getTime());
    const assertion = peer.assertions.at(-1)!;
    expect(assertion.valid).toBe(true);
    const jwks = await (await fetch(`${server.url}/lti/1.3/keys`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(assertion.header.kid);
    expect(assertion.header.alg).toBe('RS256');
    expect(assertion.form.scope).toBe('https://purl.imsglobal.org/spec/lti-ags/scope/score');
  });

  it('keeps a score the platform refused and sends it on the retry', async () => {
    const { res } = await launch({ sub: 'learner-2' });
    const c = await session(res.headers.get('location')!);
    await solveFirstNumeral(c);
    peer.scoreScript = [503];
    expect(await server.kib.grades.agsScores.runOnce()).toEqual({ sent: 0, failed: 1 });
    const me = await c.get<{ id: number }>('/api/auth/users/me/');
    const repo = new Lti13OutcomeRepository(server.db.sequelize);
    expect((await repo.forUser(me.body.id))[0]).toMatchObject({
      pending: true,
      attempts: 1,
      lastError: 'HTTP 503',
    });
    expect(await server.kib.grades.agsScores.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + 31_000);
    expect(await server.kib.grades.agsScores.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect((await repo.forUser(me.body.id))[0]).toMatchObject({ pending: false, lastError: null });
    expect(peer.scores.at(-1)!.payload.userId).toBe('learner-2');
    clock = new Date();
  });

  it('opens the teacher group for an Instructor role', async () => {
    const { res } = await launch({
      sub: 'teacher-1',
      'https://purl.imsglobal.org/spec/lti/claim/roles': [
        'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
      ],
    });
    const c = await session(res.headers.get('location')!);
    expect((await c.get<{ groups: string[] }>('/api/auth/users/me/')).body.groups).toEqual(['LTITeacher']);
  });

  it('accepts the login on one instance and the launch on another over one database', async () => {
    const second = await startSecondInstance(server, { ltiNow: () => clock });
    try {
      const otherUrl = second.url;
      const { res } = await launch({ sub: 'learner-3' }, { loginUrl: server.url, launchUrl: otherUrl });
      expect(res.status).toBe(303);
      // Both instances publish the same keys: the first start's key is shared, not created twice.
      const a = await (await fetch(`${server.url}/lti/1.3/keys`)).json();
      const b = await (await fetch(`${otherUrl}/lti/1.3/keys`)).json();
      expect(b).toEqual(a);
    } finally {
      await second.close();
    }
  });

  it("answers Moodle 4.5.6's recorded login initiation with the authorisation redirect it expects", async () => {
    const repo = new Lti13Repository(server.db.sequelize);
    const id = await repo.addPlatform({
      issuer: 'http://127.0.0.1:8081',
      clientId: 'mbieYKMTvEuEDWA',
      name: 'Recorded Moodle',
      authLoginUrl: 'http://127.0.0.1:8081/mod/lti/auth.php',
      authTokenUrl: 'http://127.0.0.1:8081/mod/lti/token.php',
      jwksUrl: 'http://127.0.0.1:8081/mod/lti/certs.php',
      allowedOrigins: ['http://127.0.0.1:8081'],
    });
    await repo.addDeployment(id!, '2');
    // The recorded tool lived at http://127.0.0.1:3200: an instance with that public address.
    const recordedTool = await createApp({
      config: { ...server.config, publicUrl: 'http://127.0.0.1:3200' },
      sequelize: server.db.sequelize,
      databaseKind: server.db.kind,
      logger: pino({ level: 'silent' }),
    });
    const listening: Server = await new Promise((resolve) => {
      const s = recordedTool.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const port = (listening.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/lti/1.3/login`, {
        method: 'POST',
        headers: { 'content-type': recorded.login.headers['content-type'] },
        body: recorded.login.body,
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:8081/mod/lti/auth.php');
      const p = Object.fromEntries(location.searchParams);
      expect(p).toMatchObject({
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: 'mbieYKMTvEuEDWA',
        redirect_uri: 'http://127.0.0.1:3200/lti/1.3/launch',
        login_hint: '4',
        lti_message_hint: '{"cmid":3,"launchid":"ltilaunch2_1751932371"}',
      });
      expect(p.state).toMatch(/^[\w-]{43}$/);
      expect(p.nonce).toMatch(/^[\w-]{43}$/);
      expect(res.headers.get('set-cookie')).toBeNull();
    } finally {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  it('sends no CORS header, even to an Origin with credentials', async () => {
    const res = await fetch(`${server.url}/lti/1.3/keys`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const started = await login(server.url);
    expect(started.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('LTI 1.3 refusals', () => {
  it('refuses a replayed id_token', async () => {
    const first = await launch({ sub: 'replay' });
    expect(first.res.status).toBe(303);
    const again = await fetch(
      `${server.url}/lti/1.3/launch`,
      form({ id_token: first.idToken, state: first.state }),
    );
    expect(again.status).toBe(401);
    // With a fresh state the token's nonce is not the new state's.
    const started = await login();
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const other = await fetch(`${server.url}/lti/1.3/launch`, form({ id_token: first.idToken, state }));
    expect(other.status).toBe(400);
  });

  it('refuses a nonce already spent even with a state that matches it', async () => {
    const first = await launch({ sub: 'nonce-reuse' });
    expect(first.res.status).toBe(303);
    const repo = new Lti13Repository(server.db.sequelize);
    const [platform] = await repo.findPlatforms(peer.issuer, peer.clientId);
    await repo.createState(
      'forged-state-with-the-same-nonce',
      { nonce: first.nonce, platformId: platform!.id, targetLinkUri: REDIRECT_URI },
      new Date(clock.getTime() + 60_000),
    );
    const res = await fetch(
      `${server.url}/lti/1.3/launch`,
      form({ id_token: first.idToken, state: 'forged-state-with-the-same-nonce' }),
    );
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('lti-nonce-used');
  });

  it.each([
    ['a wrong issuer', { iss: 'http://127.0.0.1:1' }, 400],
    ['an issuer differing by a trailing slash', { iss: 'ISSUER/' }, 400],
    ['an audience without the client id', { aud: 'someone-else' }, 400],
    ['a list audience without azp', { aud: ['kib-client', 'other'] }, 400],
    ['an azp that is not the client id', { aud: ['kib-client', 'other'], azp: 'other' }, 400],
    [
      'an unregistered deployment',
      { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-9' },
      400,
    ],
    ['another LTI version', { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.2.0' }, 400],
    [
      'another message type',
      { 'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSomething' },
      400,
    ],
    [
      'an expired token',
      { exp: Math.floor(Date.now() / 1000) - 61, iat: Math.floor(Date.now() / 1000) - 120 },
      401,
    ],
    ['a token issued in the future', { iat: Math.floor(Date.now() / 1000) + 120 }, 401],
    ['a token not valid yet', { nbf: Math.floor(Date.now() / 1000) + 120 }, 401],
    ['a wrong nonce', { nonce: 'not-the-issued-one' }, 400],
    ['no subject', { sub: undefined }, 400],
  ])('refuses %s', async (_name, claims, status) => {
    const c = { ...claims } as Record<string, unknown>;
    if (c.iss === 'ISSUER/') c.iss = `${peer.issuer}/`;
    const { res, text } = await launch(c);
    expect(res.status).toBe(status);
    expect(text).toContain('<!doctype html>');
  });

  it('accepts a list audience with azp equal to the client id, and exp within the leeway', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { res } = await launch({
      sub: 'azp',
      aud: ['kib-client', 'other'],
      azp: 'kib-client',
      exp: now - 30,
      iat: now - 90,
    });
    expect(res.status).toBe(303);
  });

  it('refuses alg none and HS256 tokens', async () => {
    const kid = (await (await fetch(peer.endpoints.jwksUrl)).json()).keys.at(-1).kid as string;
    const unsigned = (nonce: string) => {
      const enc = (o: unknown) => base64url.encode(JSON.stringify(o));
      const now = Math.floor(Date.now() / 1000);
      return Promise.resolve(
        `${enc({ alg: 'none', kid })}.${enc({ iss: peer.issuer, aud: peer.clientId, sub: 'x', iat: now, exp: now + 60, nonce })}.`,
      );
    };
    expect((await launch({}, { token: unsigned })).res.status).toBe(401);
    const hmac = async (nonce: string) => {
      const now = Math.floor(Date.now() / 1000);
      // The classic confusion: the platform's public key used as an HMAC secret.
      const secret = new TextEncoder().encode(
        JSON.stringify((await (await fetch(peer.endpoints.jwksUrl)).json()).keys[0]),
      );
      return new SignJWT({ iss: peer.issuer, aud: peer.clientId, sub: 'x', nonce })
        .setProtectedHeader({ alg: 'HS256', kid })
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(secret);
    };
    expect((await launch({}, { token: hmac })).res.status).toBe(401);
  });

  it('refuses an unknown state and a missing token', async () => {
    const token = await peer.idToken({ nonce: 'x' });
    expect(
      (await fetch(`${server.url}/lti/1.3/launch`, form({ id_token: token, state: 'no-such-state' }))).status,
    ).toBe(401);
    expect((await fetch(`${server.url}/lti/1.3/launch`, form({ state: 'no-such-state' }))).status).toBe(400);
  });

  it('refuses a login from an unknown issuer, an unregistered deployment or an off-site target', async () => {
    expect((await login(server.url, { iss: 'https://unknown.example' })).status).toBe(400);
    expect((await login(server.url, { lti_deployment_id: 'dep-9' })).status).toBe(400);
    expect((await login(server.url, { target_link_uri: 'https://evil.example/' })).status).toBe(400);
    expect((await login(server.url, { client_id: 'other-client' })).status).toBe(400);
  });
});

describe('LTI 1.3 deep linking', () => {
  const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
  const INSTRUCTOR = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];
  const request = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    sub: 'dl-teacher',
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingRequest',
    'https://purl.imsglobal.org/spec/lti/claim/roles': INSTRUCTOR,
    'https://purl.imsglobal.org/spec/lti/claim/custom': undefined,
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': undefined,
    [`${DL}/deep_linking_settings`]: {
      deep_link_return_url: `${peer.issuer}/deeplink/return?course=2`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      data: 'opaque-platform-data',
      ...settings,
    },
    ...extra,
  });

  it("opens the picker for an instructor and answers the choice as a JWT the platform verifies with Kib's keys", async () => {
    const { res } = await launch(request());
    expect(res.status).toBe(303);
    const code = new URL(res.headers.get('location')!, 'http://x').searchParams.get('code');
    const c = new TestClient(server.url);
    const opened = await c.post<{ access: string; next: string }>('/api/lti/session/', { code });
    expect(opened.body.next).toMatch(/^\/moodleteacher\?selection=[\w-]{43}$/);
    c.token = opened.body.access;
    const selection = new URL(opened.body.next, 'http://x').searchParams.get('selection')!;
    const answer = await c.post<{ url: string; fields: { name: string; value: string }[] }>(
      '/api/lti/content-item/',
      { selection, activity_code: ' demo 42 ', url: 'https://evil.example/steal' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(`${peer.issuer}/deeplink/return?course=2`);
    expect(answer.body.fields.map((f) => f.name)).toEqual(['JWT']);
    const { claims, header } = await peer.receiveDeepLinkingResponse(answer.body.fields[0]!.value);
    expect(header.alg).toBe('RS256');
    expect(claims).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': peer.deploymentId,
      [`${DL}/data`]: 'opaque-platform-data',
    });
    const items = claims[`${DL}/content_items`] as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'ltiResourceLink',
      title: 'Taller de álgebra',
      url: `${PUBLIC_URL}/lti/1.3/launch`,
      custom: { activity_code: 'DEMO42' },
      lineItem: { label: 'Taller de álgebra', scoreMaximum: 100 },
    });
    const unknown = await c.post('/api/lti/content-item/', { selection, activity_code: 'NOPE99' });
    expect(unknown.status).toBe(404);
  });

  it('links a module the instructor saved for the deep-linking selection (custom-lti/save_module_data/)', async () => {
    const { res } = await launch(request({}, { sub: 'dl-author' }));
    const { client: c, next } = await exchangeLaunchCode(server.url, res.headers.get('location')!);
    const selection = new URL(next, 'http://x').searchParams.get('selection')!;
    const [published] = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM problems WHERE publish_problem ORDER BY id LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    const saved = await c.post<{ module_id: number; module_code: string }>(
      '/api/custom-lti/save_module_data/',
      {
        id: null,
        name: '',
        description: 'Un problema para la clase',
        module_problems: [{ problem_id: published!.id, numeration: 1 }],
        module_classrooms: [],
        context_id: selection,
        activity_title: 'Actividad de deep linking',
      },
    );
    expect(saved.status).toBe(200);
    const answer = await c.post<{ fields: { name: string; value: string }[] }>('/api/lti/content-item/', {
      selection,
      activity_code: saved.body.module_code,
    });
    expect(answer.status).toBe(200);
    const { claims } = await peer.receiveDeepLinkingResponse(answer.body.fields[0]!.value);
    expect((claims[`${DL}/content_items`] as Record<string, unknown>[])[0]).toMatchObject({
      title: 'Actividad de deep linking',
      text: 'Un problema para la clase',
      custom: { activity_code: saved.body.module_code },
    });
  });

  it('makes the line item as large as LTI_LINE_ITEM_MAX_SCORE says', async () => {
    const { res } = await launch(request({}, { sub: 'dl-teacher-max' }));
    const { client: c, next } = await exchangeLaunchCode(server.url, res.headers.get('location')!);
    const selection = new URL(next, 'http://x').searchParams.get('selection')!;
    const other = await startSecondInstance(server, { ltiNow: () => clock }, { ltiLineItemMaxScore: 10 });
    try {
      const onOther = new TestClient(other.url);
      onOther.token = c.token;
      const answer = await onOther.post<{ fields: { name: string; value: string }[] }>(
        '/api/lti/content-item/',
        { selection, activity_code: 'DEMO42' },
      );
      expect(answer.status).toBe(200);
      const { claims } = await peer.receiveDeepLinkingResponse(answer.body.fields[0]!.value);
      const [item] = claims[`${DL}/content_items`] as { lineItem: unknown }[];
      expect(item!.lineItem).toEqual({ label: 'Taller de álgebra', scoreMaximum: 10 });
    } finally {
      await other.close();
    }
  });

  it('refuses a deep-linking request from a learner, to a foreign return URL or without ltiResourceLink', async () => {
    const learner = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'];
    expect(
      (await launch(request({}, { 'https://purl.imsglobal.org/spec/lti/claim/roles': learner }))).res.status,
    ).toBe(403);
    expect((await launch(request({ deep_link_return_url: 'https://evil.example/return' }))).res.status).toBe(
      400,
    );
    expect((await launch(request({ accept_types: ['file'] }))).res.status).toBe(400);
  });
});

describe('keys', () => {
  it('fetches the platform JWKS at most once a minute for unknown kids, and finds a rotated key after that', async () => {
    await launch({ sub: 'kid-1' });
    clock = new Date(clock.getTime() + 61_000);
    const hits = peer.jwksHits;
    /** The token's lifetime on the server's clock, which this test moves forward. */
    const issuedNow = () => {
      const now = Math.floor(clock.getTime() / 1000);
      return { iat: now, exp: now + 60 };
    };
    expect((await launch({ sub: 'kid-2', ...issuedNow() })).res.status).toBe(303);
    expect(peer.jwksHits).toBe(hits);
    const invented = (kid: string) => async (nonce: string) =>
      peer.idToken({ nonce, ...issuedNow() }, { kid });
    expect((await launch({}, { token: invented('invented-kid-1') })).res.status).toBe(401);
    expect((await launch({}, { token: invented('invented-kid-2') })).res.status).toBe(401);
    expect((await launch({}, { token: invented('invented-kid-3') })).res.status).toBe(401);
    expect(peer.jwksHits).toBe(hits + 1);
    await peer.addKey();
    expect((await launch({ sub: 'kid-3', ...issuedNow() })).res.status).toBe(401);
    expect(peer.jwksHits).toBe(hits + 1);
    clock = new Date(clock.getTime() + 61_000);
    expect((await launch({ sub: 'kid-3', ...issuedNow() })).res.status).toBe(303);
    expect(peer.jwksHits).toBe(hits + 2);
    clock = new Date();
  });

  it('publishes the old and the new key after a rotation until the old one is retired', async () => {
    const before = (await (await fetch(`${server.url}/lti/1.3/keys`)).json()).keys as {
      kid: string;
      d?: string;
    }[];
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.every((k) => k.d === undefined)).toBe(true);
    const lines: string[] = [];
    const code = await runPlatformCommand(['rotate-key', '--grace-hours', '1'], {
      repo: new Lti13Repository(server.db.sequelize),
      keys: server.kib.lti13.keys,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    expect(code).toBe(0);
    const after = (await (await fetch(`${server.url}/lti/1.3/keys`)).json()).keys as {
      kid: string;
      kty: string;
      d?: string;
    }[];
    expect(after.map((k) => k.kid)).toEqual(expect.arrayContaining(before.map((k) => k.kid)));
    expect(after).toHaveLength(before.length + 1);
    expect(after.every((k) => k.kty === 'RSA' && k.d === undefined)).toBe(true);
    const newKid = after[0]!.kid;
    clock = new Date(clock.getTime() + 2 * 3600 * 1000);
    try {
      const later = (await (await fetch(`${server.url}/lti/1.3/keys`)).json()).keys as { kid: string }[];
      expect(later.map((k) => k.kid)).toEqual([newKid]);
    } finally {
      clock = new Date();
    }
  });
});

describe('the same Kib user across LTI versions and registrations', () => {
  beforeEach(() => {
    clock = new Date();
  });
  const LTI1P1 = 'https://purl.imsglobal.org/spec/lti/claim/lti1p1';
  const launchUrl11 = () => `${server.url}/lti/1.1/launch`;

  /** The Migration Guide's oauth_consumer_key_sign, computed here independently of Kib's code. */
  const sign = (key: string, secret: string, exp: number, nonce: string) =>
    crypto
      .createHmac('sha256', secret)
      .update([key, peer.deploymentId, peer.issuer, peer.clientId, exp, nonce].join('&'))
      .digest('base64');

  /** An LTI 1.3 launch whose id_token carries the LTI 1.1 migration claim `claim(exp, nonce)`. */
  const migratingLaunch = (sub: string, claim: (exp: number, nonce: string) => Record<string, unknown>) =>
    launch(
      {},
      {
        token: (nonce) => {
          const now = Math.floor(Date.now() / 1000);
          return peer.idToken({ sub, nonce, iat: now, exp: now + 60, [LTI1P1]: claim(now + 60, nonce) });
        },
      },
    );

  /** A signed LTI 1.1 launch of DEMO42 by `userId` of `consumerKey`: the session it opens. */
  async function launch11(userId: string, consumerKey: string, secret: string) {
    const res = await postSignedLaunch(
      launchUrl11(),
      {
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        resource_link_id: `rl-11-${userId}`,
        user_id: userId,
        roles: 'Learner',
        lis_person_name_given: 'Ada',
        custom_activity_code: 'DEMO42',
      },
      { consumerKey, secret },
    );
    expect(res.status).toBe(303);
    return exchangeLaunchCode(server.url, res.headers.get('location')!);
  }

  const idOf = async (c: TestClient) => (await c.get<{ id: number }>('/api/auth/users/me/')).body.id;

  it('gives an LTI 1.3 launch with a valid lti1p1 claim the Kib user of the LTI 1.1 identity, with its progress', async () => {
    const { client: before, next } = await launch11(
      'moving-1',
      DEV_LTI_CONSUMER.consumerKey,
      DEV_LTI_CONSUMER.secret,
    );
    const moduleId = Number(new URL(next, 'http://x').searchParams.get('module'));
    const proof = await solveFirstNumeral(before);
    expect(proof.body).toMatchObject({ numeral_completed: true });

    const { res } = await migratingLaunch('moving-1-sub', (exp, nonce) => ({
      user_id: 'moving-1',
      oauth_consumer_key: DEV_LTI_CONSUMER.consumerKey,
      oauth_consumer_key_sign: sign(DEV_LTI_CONSUMER.consumerKey, DEV_LTI_CONSUMER.secret, exp, nonce),
    }));
    expect(res.status).toBe(303);
    const after = await session(res.headers.get('location')!);
    expect(await idOf(after)).toBe(await idOf(before));
    const view = await after.get<{ problems: { completed: number }[] }>(`/api/lti/modules/${moduleId}/`);
    expect(view.body.problems.some((p) => p.completed > 0)).toBe(true);
    // The LTI 1.3 identity is the user's from now on, with or without the claim.
    const again = await session((await launch({ sub: 'moving-1-sub' })).res.headers.get('location')!);
    expect(await idOf(again)).toBe(await idOf(before));
  });

  it('gives a new Kib user when the sign is wrong or of another launch, the consumer unknown or the sign missing', async () => {
    const { client: legacy } = await launch11(
      'moving-2',
      DEV_LTI_CONSUMER.consumerKey,
      DEV_LTI_CONSUMER.secret,
    );
    const legacyId = await idOf(legacy);
    const attempts: [string, (exp: number, nonce: string) => Record<string, unknown>][] = [
      // A sign with another secret: a platform that names a consumer key it does not hold.
      [
        'wrong-sign',
        (exp, nonce) => ({
          user_id: 'moving-2',
          oauth_consumer_key: DEV_LTI_CONSUMER.consumerKey,
          oauth_consumer_key_sign: sign(DEV_LTI_CONSUMER.consumerKey, 'guessed-secret', exp, nonce),
        }),
      ],
      // The sign of another launch (another nonce).
      [
        'other-nonce',
        (exp) => ({
          user_id: 'moving-2',
          oauth_consumer_key: DEV_LTI_CONSUMER.consumerKey,
          oauth_consumer_key_sign: sign(DEV_LTI_CONSUMER.consumerKey, DEV_LTI_CONSUMER.secret, exp, 'x'),
        }),
      ],
      [
        'unknown-consumer',
        (exp, nonce) => ({
          user_id: 'moving-2',
          oauth_consumer_key: 'no-such-key',
          oauth_consumer_key_sign: sign('no-such-key', DEV_LTI_CONSUMER.secret, exp, nonce),
        }),
      ],
      ['no-sign', () => ({ user_id: 'moving-2', oauth_consumer_key: DEV_LTI_CONSUMER.consumerKey })],
    ];
    for (const [name, claim] of attempts) {
      const { res } = await migratingLaunch(`moving-2-${name}`, claim);
      expect(res.status, name).toBe(303);
      const id = await idOf(await session(res.headers.get('location')!));
      expect(id, name).not.toBe(legacyId);
    }
    const refusals = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'LTI 1.1 migration claim not used')
      .map((l) => l.reason);
    expect(refusals).toEqual(expect.arrayContaining(['sign-invalid', 'unknown-consumer', 'malformed']));
  });

  it("accepts the consumer's previous secret during its rotation's grace, and not after", async () => {
    const consumers = new LtiRepository(server.db.sequelize);
    for (const key of ['rotating-in-grace', 'rotating-past-grace'])
      expect(
        await consumers.addConsumer({
          consumerKey: key,
          name: key,
          secret: 'old-secret',
          allowedOrigins: ['http://127.0.0.1'],
        }),
      ).toBe(true);
    const inGrace = await launch11('rotating-user', 'rotating-in-grace', 'old-secret');
    const pastGrace = await launch11('rotating-user', 'rotating-past-grace', 'old-secret');
    await consumers.rotateSecret('rotating-in-grace', 'new-secret', new Date(clock.getTime() + 3600_000));
    await consumers.rotateSecret('rotating-past-grace', 'new-secret', new Date(clock.getTime() - 1000));
    for (const [key, before, linked] of [
      ['rotating-in-grace', inGrace.client, true],
      ['rotating-past-grace', pastGrace.client, false],
    ] as const) {
      const { res } = await migratingLaunch(`${key}-sub`, (exp, nonce) => ({
        user_id: 'rotating-user',
        oauth_consumer_key: key,
        oauth_consumer_key_sign: sign(key, 'old-secret', exp, nonce),
      }));
      const id = await idOf(await session(res.headers.get('location')!));
      expect(id === (await idOf(before)), key).toBe(linked);
    }
  });

  it('keeps the Kib user and the resource link of a platform registered again under a new client id', async () => {
    const resourceLink = { id: 'rl-reregistered', title: 'Taller' };
    const first = await launch({
      sub: 'reregistered',
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': resourceLink,
    });
    const firstId = await idOf(await session(first.res.headers.get('location')!));
    const original = peer.clientId;
    peer.clientId = 'kib-client-registered-again';
    try {
      await flow.registerPlatform('Peer Moodle, registered again');
      const platforms = await new Lti13Repository(server.db.sequelize).findPlatforms(peer.issuer, undefined);
      expect(platforms.map((p) => p.clientId)).toEqual([original, peer.clientId]);
      const second = await launch({
        sub: 'reregistered',
        'https://purl.imsglobal.org/spec/lti/claim/resource_link': resourceLink,
      });
      expect(second.res.status).toBe(303);
      expect(await idOf(await session(second.res.headers.get('location')!))).toBe(firstId);
      const links = await server.db.sequelize.query<{ platform: string; platformId: number }>(
        `SELECT l.platform, l.lti13_platform_id AS "platformId" FROM lti_resource_links l
         WHERE l.kind = '1.3' AND l.resource_link_id = 'rl-reregistered'`,
        { type: QueryTypes.SELECT },
      );
      // One link, now served through the new registration.
      expect(links).toEqual([{ platform: peer.issuer, platformId: platforms[1]!.id }]);
    } finally {
      peer.clientId = original;
    }
  });
});

describe('logs', () => {
  beforeEach(() => {
    clock = new Date();
  });

  it('write one line per launch and per grade sent, with ids and without names, e-mail or the LMS user id', async () => {
    // Scores owed since earlier tests go first, so the pass below sends this learner's only.
    await server.kib.grades.agsScores.runOnce();
    logLines.length = 0;
    const sub = 'logged-learner-7f3';
    const { res } = await launch({
      sub,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
      email: 'grace.hopper@example.org',
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'rl-logged' },
    });
    expect(res.status).toBe(303);
    const c = await session(res.headers.get('location')!);
    const userId = (await c.get<{ id: number }>('/api/auth/users/me/')).body.id;
    await solveFirstNumeral(c);
    expect(await server.kib.grades.agsScores.runOnce()).toEqual({ sent: 1, failed: 0 });

    const entries = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const launches = entries.filter((e) => e.msg === 'LTI launch');
    expect(launches).toHaveLength(1);
    const [platform] = await new Lti13Repository(server.db.sequelize).findPlatforms(
      peer.issuer,
      peer.clientId,
    );
    expect(launches[0]).toMatchObject({
      level: 30,
      lti: '1.3',
      messageType: 'LtiResourceLinkRequest',
      role: 'learner',
      platformId: platform!.id,
      deploymentId: peer.deploymentId,
      moduleId: expect.any(Number),
      linkId: expect.any(Number),
      userId,
    });
    const grades = entries.filter((e) => e.msg === 'AGS score sent');
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({
      level: 30,
      row: expect.any(Number),
      moduleId: launches[0]!.moduleId,
      userId,
      status: 'sent',
      attempt: 1,
    });
    const all = logLines.join('\n');
    for (const personal of ['Grace', 'Hopper', 'grace.hopper@example.org', sub])
      expect(all).not.toContain(personal);
  });

  it('writes one line per refused launch, with its reason code', async () => {
    logLines.length = 0;
    const { res } = await launch({ 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-9' });
    expect(res.status).toBe(400);
    const refused = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.msg === 'LTI launch refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 30,
        path: '/lti/1.3/launch',
        status: 400,
        reason: 'lti-launch-invalid',
      }),
    ]);
  });
});
