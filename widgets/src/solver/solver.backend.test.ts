import { ApiClient } from '@kib/api-client';
import { ProblemSchema, toSnakeCase } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import sample from './sample-problem.json' with { type: 'json' };
import { ApiBackend } from './solver.backend';
import { OfflineBackend } from './solver.offline';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('ApiBackend and OfflineBackend', () => {
  const tableProblem = ProblemSchema.parse({
    ...sample,
    numerals: [
      {
        id: 94,
        problemId: sample.id,
        number: 0,
        question: 'Completa la tabla.',
        calculator: false,
        mathType: 'tableSimple',
        // The table of x and 2x+1 for x = 0 and 1: its answer cells hold 1 and 3.
        data: VALID_MATH_TYPE_DATA.tableSimple,
      },
    ],
  });
  const input = {
    numeralId: 94,
    step: null,
    answer: [
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '4' },
    ],
    totalTime: 3,
  };

  it('hand the solver the same camelCase feedback, the API through its snake_case wire', async () => {
    const offline = await new OfflineBackend(tableProblem, memoryStorage()).check(input);
    expect(offline.feedback).toEqual([
      { rIndex: 1, cIndex: 1, correct: true, complete: true },
      { rIndex: 2, cIndex: 1, correct: false, complete: true },
    ]);
    // What the server's API router sends: its reply snake_cased.
    const wire = toSnakeCase({
      correctAns: offline.correct,
      numeralCompleted: offline.numeralCompleted,
      recorded: true,
      stat: { numeralId: 94 },
      fromBack: true,
      result: offline.feedback,
    });
    expect(JSON.stringify(wire)).toContain('"r_index":1,"c_index":1');
    const fetch = (async () =>
      new Response(JSON.stringify(wire), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    const api = new ApiClient({ baseUrl: 'http://kib.test/api', token: 'T', fetch });
    const online = await new ApiBackend(api, tableProblem.id).check(input);
    expect(online).toEqual(offline);
  });

  it.each([
    ['the demo', { demo: true }, '/api/demo/proof/', 'demo'],
    ['a passed deadline', { deadlinePassed: true }, '/api/proof/', 'deadline-passed'],
  ] as const)(
    'say an attempt the API did not record was not recorded because of %s',
    async (_, extra, path, reason) => {
      const offline = await new OfflineBackend(tableProblem, memoryStorage()).check(input);
      const wire = toSnakeCase({
        correctAns: false,
        numeralCompleted: false,
        recorded: false,
        stat: { numeralId: 94 },
        fromBack: true,
        result: offline.feedback,
      });
      const paths: string[] = [];
      const fetch = (async (url: string) => {
        paths.push(new URL(url).pathname);
        return new Response(JSON.stringify(wire), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as unknown as typeof globalThis.fetch;
      const api = new ApiClient({ baseUrl: 'http://kib.test/api', token: null, fetch });
      const online = await new ApiBackend(api, tableProblem.id, extra).check(input);
      expect(paths).toEqual([path]);
      expect(online).toEqual({ ...offline, recorded: false, notRecordedBecause: reason });
    },
  );

  it('tell the API how many hints the student saw, so the student model weighs the answer less', async () => {
    const bodies: unknown[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(
        JSON.stringify({
          correct_ans: true,
          numeral_completed: true,
          recorded: true,
          stat: { numeral_id: 94 },
          from_back: true,
          result: [],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof globalThis.fetch;
    const api = new ApiClient({ baseUrl: 'http://kib.test/api', token: 'T', fetch });
    await new ApiBackend(api, tableProblem.id).check({ ...input, hintsShown: 2 });
    await new ApiBackend(api, tableProblem.id).check(input);
    expect(bodies.map((b) => (b as { shown: number }).shown)).toEqual([2, 0]);
  });

  it('give no reason when the attempt was recorded', async () => {
    const wire = toSnakeCase({
      correctAns: true,
      numeralCompleted: true,
      recorded: true,
      stat: { numeralId: 94 },
      fromBack: true,
      result: { correct: true },
    });
    const fetch = (async () =>
      new Response(JSON.stringify(wire), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    const api = new ApiClient({ baseUrl: 'http://kib.test/api', token: 'T', fetch });
    expect(await new ApiBackend(api, tableProblem.id).check(input)).not.toHaveProperty('notRecordedBecause');
  });
});
