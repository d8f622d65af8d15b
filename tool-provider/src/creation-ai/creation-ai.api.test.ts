import { toSnakeCase } from '@kib/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../creation/creation.test-helpers';
import {
  startChatCompletionsPeer,
  generatedProblem,
  type ChatCompletionsPeer,
} from '../test/chat-completions-peer';
import { insertUser } from '../test/fixtures';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../test/test-server';

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

let peer: ChatCompletionsPeer;
let server: TestServer;
let unconfigured: TestServer;
let creator: TestClient;
let creatorId: number;

const login = (base: string, email: string, lang = 'es') =>
  new TestClient(base, { 'accept-language': lang }).logIn(email);

/** Posts create_ai_problem/ as the site does: multipart, `data` as snake_case JSON, an optional picture. */
async function postAi(
  client: TestClient,
  data: Record<string, unknown> = REQUEST,
  picture?: { bytes: Uint8Array<ArrayBuffer>; name: string },
): Promise<{
  status: number;
  body: Answer & { code?: string; detail?: string; fields?: Record<string, string[]> };
  headers: Headers;
}> {
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

beforeAll(async () => {
  peer = await startChatCompletionsPeer({ content: RIGHT });
  server = await startTestServer({
    AI_BASE_URL: peer.baseUrl,
    AI_API_KEY: 'sk-test-key',
    AI_MODEL: 'kib-test-model',
    AI_TIMEOUT_MS: '4000',
    AI_MAX_TOKENS: '3000',
    AI_REQUESTS_PER_HOUR: '1000',
  });
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

describe('POST create_ai_problem/', () => {
  it('turns a right answer of the model into an unpublished draft whose checks all pass', async () => {
    const before = peer.requests.length;
    const res = await postAi(creator);
    expect(res.status).toBe(200);
    expect(res.body.problem).toMatchObject({
      id: null,
      title: 'Ecuaciones lineales',
      publish_problem: false,
    });
    expect(res.body.problem.numerals.map((n) => n.math_type)).toEqual(['simplify', 'solve']);
    expect(res.body.checks).toHaveLength(2);
    expect(res.body.checks.every((c) => c.ok)).toBe(true);

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

  it('marks a numeral whose answer the checker refuses, with the checker’s reason', async () => {
    peer.reply({ content: ONE_WRONG });
    const res = await postAi(creator);
    expect(res.status).toBe(200);
    const [first, second] = res.body.checks;
    expect(first).toMatchObject({ numeral: 1, ok: true });
    expect(second).toMatchObject({
      numeral: 2,
      step: null,
      key: res.body.problem.numerals[1]!.key,
      ok: false,
      reason: 'feedback.wrong-solution',
    });
    expect(second!.params).toMatchObject({ answer: 'x=4' });
    // The wrong solution is kept for the creator to see and fix, never replaced silently.
    expect(res.body.problem.numerals[1]!.data).toMatchObject({ defined_solutions: [{ latex: 'x=4' }] });
  });

  it('sends a PNG of the exercise to the model as an image part, and refuses a GIF by its content', async () => {
    peer.reply({ content: RIGHT });
    const picture = await png(12, 12);
    const res = await postAi(
      creator,
      { ...REQUEST, newExercise: false, problemPrompt: '', description: 'El ejercicio de la foto' },
      { bytes: picture, name: 'ejercicio.jpg' },
    );
    expect(res.status).toBe(200);
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

  it('answers 502 with a clear message when the model’s output is not JSON, not a problem, or cut short', async () => {
    for (const reply of [
      { content: '{"title": "Ecuaciones", "numerals": [' },
      { content: JSON.stringify({ title: 'Sin numerales', description: '', numerals: [] }) },
      { content: RIGHT, finishReason: 'length' as const },
    ]) {
      peer.reply(reply);
      const res = await postAi(creator);
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('ai-output-invalid');
      expect(res.body.detail).toMatch(/no es un problema que Kib pueda leer/);
    }
  });

  it('gives up on a slow model at the configured timeout (504)', async () => {
    peer.reply({ content: RIGHT, delayMs: 6000 });
    const started = Date.now();
    const res = await postAi(creator);
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('ai-timeout');
    expect(Date.now() - started).toBeLessThan(5900);
  });

  it('tries once more after the model’s 429, and says the model is busy when it answers 429 again', async () => {
    let calls = peer.requests.length;
    peer.reply({ status: 429, headers: { 'retry-after': '0' } }, { content: RIGHT });
    const retried = await postAi(creator);
    expect(retried.status).toBe(200);
    expect(peer.requests.length).toBe(calls + 2);

    calls = peer.requests.length;
    peer.reply(
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
    );
    const busy = await postAi(creator);
    expect(busy.status).toBe(503);
    expect(busy.body.code).toBe('ai-busy');
    expect(peer.requests.length).toBe(calls + 2);
  });

  it('answers 502 when the model fails (500), without retrying', async () => {
    const calls = peer.requests.length;
    peer.reply({ status: 500, message: 'upstream exploded' });
    const res = await postAi(creator);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('ai-failed');
    expect(res.body.detail).not.toContain('exploded');
    expect(peer.requests.length).toBe(calls + 1);
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
    const first = await startSecondInstance(server, {}, capped);
    const second = await startSecondInstance(server, {}, capped);
    try {
      const onFirst = await login(first.url, 'tope@creator.test');
      const onSecond = await login(second.url, 'tope@creator.test');
      expect((await postAi(onFirst)).status).toBe(200);
      expect((await postAi(onSecond)).status).toBe(200);
      const calls = peer.requests.length;
      const refused = await postAi(onFirst);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('ai-hourly-limit');
      expect(refused.body.detail).toMatch(/Ya pediste 2 problemas con IA en esta hora/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(peer.requests.length).toBe(calls);
      // Another creator has their own allowance.
      expect((await postAi(await login(second.url, 'otra@creator.test'))).status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
    expect(creatorId).toBeGreaterThan(0);
  });
});
