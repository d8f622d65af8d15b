import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCamelCase } from '@kib/core';
import { choiceNumeral, problemDraft, saveForm, postSave } from '../../testing/creation-drafts';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

interface Variants {
  variants: {
    problem: {
      id: number | null;
      title: string;
      publish_problem: boolean;
      numerals: {
        math_type: string;
        data: { starting_expression?: string; defined_solutions?: { latex: string }[] };
      }[];
    };
    answers: { math_type: string; data: unknown; answer: unknown }[];
  }[];
  varied: unknown[];
  kept: unknown[];
  code?: string;
  detail?: string;
  fields?: Record<string, string[]>;
}

let server: TestServer;
let linearId: number;
let draftId: number;
const clients: Record<string, TestClient> = {};

const variantsOf = (who: string, id: number, body: unknown) =>
  clients[who]!.post<Variants>(`/api/problems/${id}/variants/`, body);

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const db = server.db.sequelize;
  await insertUser(db, { email: 'otra@variants.test', groups: ['Creators'] });
  for (const email of [
    'creator@demo.kib',
    'otra@variants.test',
    'teacher@demo.kib',
    'student@demo.kib',
    'supervisor@demo.kib',
  ])
    clients[email.split('@')[0]!] = await new TestClient(server.url, { 'accept-language': 'en' }).logIn(
      email,
    );
  const [row] = (await db.query(
    `SELECT p.id FROM problems p JOIN numerals n ON n.problem_id = p.id
     WHERE p.publish_problem AND n.math_type = 'solve' AND n.data->>'startingExpression' = '2x+3=7' LIMIT 1`,
    { type: 'SELECT' },
  )) as { id: number }[];
  linearId = row!.id;
  // A draft (unpublished) of the demo creator's.
  const saved = await postSave(
    clients.creator!,
    saveForm(problemDraft({ topicId: null, subtopicId: null }, { publishProblem: false })),
  );
  expect(saved.status).toBe(200);
  draftId = Number(saved.body.problem_id);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST problems/{id}/variants/', { timeout: 120_000 }, () => {
  it('gives the demo creator 10 drafts of the seeded solve problem whose answers kib-check accepts and whose numbers differ', async () => {
    const res = await variantsOf('creator', linearId, { count: 10 });
    expect(res.status).toBe(200);
    expect(res.body.variants).toHaveLength(10);
    const equations = res.body.variants.map((v) => v.problem.numerals[0]!.data.starting_expression);
    expect(new Set([...equations, '2x+3=7']).size).toBe(11);
    for (const v of res.body.variants) {
      expect(v.problem).toMatchObject({ id: null, publish_problem: false });
      expect(v.problem.title).toMatch(/\(variante \d+\)$/);
    }
    // The answers go through the kib-check command line as they are (camelCase, as the CLI reads them).
    const lines = res.body.variants
      .flatMap((v) => v.answers)
      .map((a) => JSON.stringify(toCamelCase(a)))
      .join('\n');
    const bin = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@kib/checker')),
      '../bin/kib-check.mjs',
    );
    const out = spawnSync(process.execPath, [bin], { input: lines, encoding: 'utf8', timeout: 60_000 });
    const verdicts = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { correct?: boolean; correctAns?: boolean });
    expect(verdicts.length).toBeGreaterThanOrEqual(10);
    expect(
      verdicts.every((v) => v.correct === true || v.correctAns === true),
      out.stdout,
    ).toBe(true);
  });

  it('is the same for the same seed, and open to supervisors and to other creators for a published problem', async () => {
    const a = await variantsOf('creator', linearId, { count: 2, seed: 4 });
    const b = await variantsOf('otra', linearId, { count: 2, seed: 4 });
    const c = await variantsOf('supervisor', linearId, { count: 2, seed: 4 });
    expect(a.status).toBe(200);
    expect(b.body.variants.map((v) => v.answers)).toEqual(a.body.variants.map((v) => v.answers));
    expect(c.status).toBe(200);
  });

  it('refuses teachers and students', async () => {
    expect((await variantsOf('teacher', linearId, { count: 1 })).status).toBe(403);
    expect((await variantsOf('student', linearId, { count: 1 })).status).toBe(403);
  });

  it('makes variants of the caller’s own draft, and hides another creator’s draft', async () => {
    const own = await variantsOf('creator', draftId, { count: 1 });
    expect([200, 422]).toContain(own.status);
    expect((await variantsOf('otra', draftId, { count: 1 })).status).toBe(404);
    expect((await variantsOf('creator', 2_000_000, { count: 1 })).status).toBe(404);
  });

  it('refuses counts out of 1–50 with a translated message', async () => {
    for (const count of [0, 51, 2.5, '3']) {
      const res = await variantsOf('creator', linearId, { count });
      expect(res.status).toBe(400);
      expect(res.body.fields?.count).toEqual(['Ask for 1 to 50 variants.']);
    }
  });

  it('answers 422 with a translated reason for a problem with nothing to vary', async () => {
    const saved = await postSave(
      clients.creator!,
      saveForm(problemDraft({ topicId: null, subtopicId: null }, { numerals: [choiceNumeral()] })),
    );
    expect(saved.body.published).toBe(true);
    const res = await variantsOf('creator', Number(saved.body.problem_id), { count: 1 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('variants-unsupported');
    expect(res.body.detail).toMatch(/nothing to vary/);
  });
});
