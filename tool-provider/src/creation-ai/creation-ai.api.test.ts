// @module-tag embedded: generation jobs on pg-boss over one session
import { toSnakeCase } from '@kib/core';
import sharp from 'sharp';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { png } from '../../testing/creation-drafts';
import {
  startChatCompletionsPeer,
  generatedProblem,
  type ChatCompletionsPeer,
} from '../../testing/chat-completions-peer';
import { JobQueue } from '../jobs/job-queue';
import { insertUser } from '../../testing/fixtures';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';

/** The model's JSON for a problem with every answer right. */
const RIGHT = JSON.stringify(generatedProblem(true));
/** The model's JSON for a problem whose second numeral (a solve) has a wrong solution. */
const ONE_WRONG = JSON.stringify(generatedProblem(false));

const REQUEST = {
  topicName: 'Álgebra',
  subTopicName: 'Ecuaciones lineales',
  language: 'es',
  problemPrompt: 'Un problema con una ecuación lineal y una simplificación',
  newExercise: true,
  description: '',
  numeralQuestions: [],
};

interface Answer {
  problem: {
    id: number | null;
    title: string;
    publish_problem: boolean;
    numerals: { key: string; math_type: string; question: string; data: Record<string, unknown> | null }[];
  };
  checks: {
    numeral: number;
    step: number | null;
    key: string;
    ok: boolean;
    reason: string | null;
    params: Record<string, unknown>;
  }[];
}

/** How generations are retried here: the production policy's tries, with short waits and leases. */
const RETRY = { retryDelaySeconds: 1, backoff: false, expireInSeconds: 4 };

let peer: ChatCompletionsPeer;
let server: TestServer;
let unconfigured: TestServer;
let creator: TestClient;
let creatorId: number;

const login = (base: string, email: string, lang = 'es') =>
  new TestClient(base, { 'accept-language': lang }).logIn(email);

/** A generation as create_ai_problem/ and create_ai_problem/{id}/ answer it. */
interface Job {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  failed_tries: number;
  answer: Answer | null;
  error: { status: number; code: string; detail: string } | null;
}

type Reply<T> = {
  status: number;
  body: T & { code?: string; detail?: string; fields?: Record<string, string[]> };
  headers: Headers;
};

/** Posts create_ai_problem/ as the site does: multipart, `data` as snake_case JSON, an optional picture. */
async function postAi(
  client: TestClient,
  data: Record<string, unknown> = REQUEST,
  picture?: { bytes: Uint8Array<ArrayBuffer>; name: string },
): Promise<Reply<Job>> {
  const form = new FormData();
  form.append('data', JSON.stringify(toSnakeCase(data)));
  if (picture) {
    form.append('picture_0', new Blob([picture.bytes]), picture.name);
    form.append('formdata_0', JSON.stringify({ name: picture.name, type: 'problem', id: '' }));
  }
  const res = await fetch(`${client.baseUrl}/api/create_ai_problem/`, {
    method: 'POST',
    headers: {
      ...client.defaultHeaders,
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
    },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** GET create_ai_problem/{id}/. */
async function jobOf(client: TestClient, id: string): Promise<Reply<Job>> {
  const res = await fetch(`${client.baseUrl}/api/create_ai_problem/${id}/`, {
    headers: {
      ...client.defaultHeaders,
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** Follows a generation as the site does until it is done or failed; every state it was seen in. */
async function follow(client: TestClient, id: string): Promise<{ job: Job; seen: Job['state'][] }> {
  const seen: Job['state'][] = [];
  const job = await vi.waitFor(
    async () => {
      const { status, body } = await jobOf(client, id);
      expect(status).toBe(200);
      if (seen.at(-1) !== body.state) seen.push(body.state);
      if (body.state !== 'done' && body.state !== 'failed')
        throw new Error(`generation ${id} did not finish (${seen.join(' → ')})`);
      return body;
    },
    // Within the test's 30 s, so that a generation that never ends says where it stood.
    { timeout: 25_000 },
  );
  return { job, seen };
}

/** Starts a generation and follows it to its end. */
async function generate(
  client: TestClient,
  ...args: Parameters<typeof postAi> extends [TestClient, ...infer R] ? R : never
) {
  const started = await postAi(client, ...args);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ state: 'queued', failed_tries: 0, answer: null, error: null });
  return follow(client, started.body.id);
}

beforeAll(async () => {
  peer = await startChatCompletionsPeer({ content: RIGHT });
  server = await startTestServer(
    {
      AI_BASE_URL: peer.baseUrl,
      AI_API_KEY: 'sk-test-key',
      AI_MODEL: 'kib-test-model',
      AI_TIMEOUT_MS: '2000',
      AI_MAX_TOKENS: '3000',
      AI_REQUESTS_PER_HOUR: '1000',
    },
    // Retries a second apart, and a worker that died noticed after 4 s.
    { aiRetry: RETRY },
    { jobs: true },
  );
  unconfigured = await startTestServer();
  const db = server.db.sequelize;
  creatorId = await insertUser(db, { email: 'ia@creator.test', groups: ['Creators'] });
  await insertUser(db, { email: 'profe@creator.test', groups: ['Teachers'] });
  await insertUser(db, { email: 'alumno@creator.test', groups: ['Students'] });
  await insertUser(unconfigured.db.sequelize, { email: 'ia@creator.test', groups: ['Creators'] });
  creator = await login(server.url, 'ia@creator.test');
});
afterAll(async () => {
  await server?.close();
  await unconfigured?.close();
  await peer?.close();
});

describe('create_ai_problem/: a generation as a background job', () => {
  it('turns a right answer of the model into an unpublished draft whose checks all pass', async () => {
    const before = peer.requests.length;
    const { job, seen } = await generate(creator);
    expect(seen.at(-1)).toBe('done');
    expect(job).toMatchObject({ state: 'done', failed_tries: 0, error: null });
    expect(job.answer!.problem).toMatchObject({
      id: null,
      title: 'Ecuaciones lineales',
      publish_problem: false,
    });
    expect(job.answer!.problem.numerals.map((n) => n.math_type)).toEqual(['simplify', 'solve']);
    expect(job.answer!.checks).toHaveLength(2);
    expect(job.answer!.checks.every((c) => c.ok)).toBe(true);

    // One call, with the configured model, key, token cap and the core schemas as structured output.
    expect(peer.requests.length).toBe(before + 1);
    const sent = peer.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('kib-test-model');
    expect(sent.body.max_tokens).toBe(3000);
    expect(sent.body.response_format?.type).toBe('json_schema');
    const schema = JSON.stringify(sent.body.response_format?.json_schema?.schema);
    expect(schema).toContain('definedSolutions');
    expect(schema).toContain('primeDecomposition');
    // Only the creator's own words travel.
    const user = JSON.stringify(sent.body.messages.find((m) => m.role === 'user'));
    expect(user).toContain(REQUEST.problemPrompt);
    expect(user).toContain('Ecuaciones lineales');
    expect(user).toContain('Spanish');
  });

  it('shows a generation to its creator only: another creator, a teacher or a made-up id get nothing', async () => {
    const started = await postAi(creator);
    await follow(creator, started.body.id);
    const db = server.db.sequelize;
    await insertUser(db, { email: 'otro@creator.test', groups: ['Creators'] });
    expect((await jobOf(await login(server.url, 'otro@creator.test'), started.body.id)).status).toBe(404);
    expect((await jobOf(await login(server.url, 'profe@creator.test'), started.body.id)).status).toBe(403);
    expect((await jobOf(new TestClient(server.url), started.body.id)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job', '1']) {
      const res = await jobOf(creator, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not-found');
    }
  });

  it('marks a numeral whose answer the checker refuses, saying what is wrong to the author', async () => {
    peer.reply({ content: ONE_WRONG });
    const { job } = await generate(creator);
    const answer = job.answer!;
    const [first, second] = answer.checks;
    expect(first).toMatchObject({ numeral: 1, ok: true });
    expect(second).toMatchObject({
      numeral: 2,
      step: null,
      key: answer.problem.numerals[1]!.key,
      ok: false,
      reason: 'authoring.solutions-wrong',
    });
    expect(second!.params).toMatchObject({ answer: 'x=4' });
    // The wrong solution is kept for the creator to see and fix, never replaced silently.
    expect(answer.problem.numerals[1]!.data).toMatchObject({ defined_solutions: [{ latex: 'x=4' }] });
  });

  it('sends a PNG of the exercise to the model as an image part, and refuses a GIF by its content', async () => {
    peer.reply({ content: RIGHT });
    const picture = await png(12, 12);
    const { job } = await generate(
      creator,
      { ...REQUEST, newExercise: false, problemPrompt: '', description: 'El ejercicio de la foto' },
      { bytes: picture, name: 'ejercicio.jpg' },
    );
    expect(job.state).toBe('done');
    const user = peer.requests.at(-1)!.body.messages.find((m) => m.role === 'user')!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    const image = user.find((p) => p.type === 'image_url');
    expect(image?.image_url?.url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(image!.image_url!.url.split(',')[1]!, 'base64').equals(Buffer.from(picture))).toBe(
      true,
    );

    const calls = peer.requests.length;
    const gif = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    );
    const refused = await postAi(creator, REQUEST, { bytes: gif, name: 'foto.png' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.picture_0).toEqual(['La imagen debe ser PNG o JPEG.']);
    expect(peer.requests.length).toBe(calls);
  });

  it('tries again when the model’s output is not JSON, not a problem, or cut short, and then says so clearly', async () => {
    const calls = peer.requests.length;
    peer.reply(
      { content: '{"title": "Ecuaciones", "numerals": [' },
      { content: JSON.stringify({ title: 'Sin numerales', description: '', numerals: [] }) },
      { content: RIGHT, finishReason: 'length' as const },
    );
    const { job, seen } = await generate(creator);
    expect(job).toMatchObject({ state: 'failed', failed_tries: 2, answer: null });
    expect(job.error).toMatchObject({ status: 502, code: 'ai-output-invalid' });
    expect(job.error!.detail).toMatch(/no es un problema que Kib pueda leer/);
    expect(peer.requests.length).toBe(calls + 3);
    // Followed as the site does, the retries showed as the generation waiting again.
    expect(seen).toContain('queued');
    // Read in English, the same failure is said in English.
    const en = await jobOf(await login(server.url, 'ia@creator.test', 'en'), job.id);
    expect(en.body.error!.detail).not.toMatch(/no es un problema/);
  });

  it('gives up on a slow try at the configured timeout, and the next try can succeed', async () => {
    const calls = peer.requests.length;
    peer.reply({ content: RIGHT, delayMs: 3000 }, { content: RIGHT });
    const { job } = await generate(creator);
    expect(job).toMatchObject({ state: 'done', failed_tries: 1 });
    expect(peer.requests.length).toBe(calls + 2);
  });

  it('says the model is busy once every try met its 429s (each try already tries once more)', async () => {
    const calls = peer.requests.length;
    const busy = { status: 429, headers: { 'retry-after': '0' } };
    peer.reply(busy, busy, busy, busy, busy, busy);
    const { job } = await generate(creator);
    expect(job).toMatchObject({ state: 'failed', failed_tries: 2 });
    expect(job.error).toMatchObject({ status: 503, code: 'ai-busy' });
    expect(peer.requests.length).toBe(calls + 6);
  });

  it('fails with the model’s failure (500) after the last try, never repeating the model’s words', async () => {
    const calls = peer.requests.length;
    const failure = { status: 500, message: 'upstream exploded' };
    peer.reply(failure, failure, failure);
    const { job } = await generate(creator);
    expect(job.error).toMatchObject({ status: 502, code: 'ai-failed' });
    expect(job.error!.detail).not.toContain('exploded');
    expect(peer.requests.length).toBe(calls + 3);
  });

  it('finishes a generation whose instance died while the model was answering, on another instance', async () => {
    const calls = peer.requests.length;
    // The first try hangs past the instance's end; the next one answers at once.
    peer.reply({ content: RIGHT, delayMs: 1900 }, { content: RIGHT });
    const started = await postAi(creator);
    await expect.poll(async () => (await jobOf(creator, started.body.id)).body.state).toBe('running');
    // The instance stops as a killed process would: its job stays claimed.
    await server.jobs!.stop({ abandon: true });
    const jobs = new JobQueue(server.db.sequelize, pino({ level: 'silent' }), {
      maintenanceIntervalSeconds: 1,
    });
    await jobs.start();
    const other = await startSecondInstance(server, { jobs, aiRetry: RETRY });
    try {
      const onOther = await login(other.url, 'ia@creator.test');
      const { job } = await follow(onOther, started.body.id);
      expect(job).toMatchObject({ state: 'done', failed_tries: 1 });
      expect(job.answer!.checks.every((c) => c.ok)).toBe(true);
      expect(peer.requests.length).toBe(calls + 2);
    } finally {
      await other.close();
      await jobs.stop();
      await server.jobs!.start();
      await server.kib.workers.start();
    }
  });

  it('answers a translated 503 when no model is configured', async () => {
    const es = await postAi(await login(unconfigured.url, 'ia@creator.test'));
    expect(es.status).toBe(503);
    expect(es.body.code).toBe('ai-not-configured');
    expect(es.body.detail).toMatch(/La creación con IA no está configurada/);
    const en = await postAi(await login(unconfigured.url, 'ia@creator.test', 'en'));
    expect(en.body.detail).toMatch(/AI creation is not configured/);
  });

  it('is for creators only: a teacher and a student are refused, an anonymous caller must log in', async () => {
    const calls = peer.requests.length;
    expect((await postAi(await login(server.url, 'profe@creator.test'))).status).toBe(403);
    expect((await postAi(await login(server.url, 'alumno@creator.test'))).status).toBe(403);
    expect((await postAi(new TestClient(server.url))).status).toBe(401);
    expect(peer.requests.length).toBe(calls);
  });

  it('names the missing topic and prompt (400) without calling the model', async () => {
    const calls = peer.requests.length;
    const res = await postAi(creator, { ...REQUEST, topicName: '', problemPrompt: '' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['data.problem_prompt', 'data.topic_name']);
    expect(peer.requests.length).toBe(calls);
  });

  it('holds each creator to the hourly cap, counted in the database across instances', async () => {
    const db = server.db.sequelize;
    await insertUser(db, { email: 'tope@creator.test', groups: ['Creators'] });
    await insertUser(db, { email: 'otra@creator.test', groups: ['Creators'] });
    const capped = { ai: { ...server.config.ai!, requestsPerHour: 2 } };
    const first = await startSecondInstance(server, { jobs: server.jobs!, aiRetry: RETRY }, capped);
    const second = await startSecondInstance(server, { jobs: server.jobs!, aiRetry: RETRY }, capped);
    try {
      const onFirst = await login(first.url, 'tope@creator.test');
      const onSecond = await login(second.url, 'tope@creator.test');
      for (const started of [await postAi(onFirst), await postAi(onSecond)]) {
        expect(started.status).toBe(202);
        expect((await follow(onFirst, started.body.id)).job.state).toBe('done');
      }
      const calls = peer.requests.length;
      const refused = await postAi(onFirst);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('ai-hourly-limit');
      expect(refused.body.detail).toMatch(/Ya pediste 2 problemas con IA en esta hora/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(peer.requests.length).toBe(calls);
      // Another creator has their own allowance.
      expect((await postAi(await login(second.url, 'otra@creator.test'))).status).toBe(202);
    } finally {
      await first.close();
      await second.close();
    }
    expect(creatorId).toBeGreaterThan(0);
  });
});
