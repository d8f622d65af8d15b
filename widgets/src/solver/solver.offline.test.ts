import { ProblemSchema } from '@kib/core';
import { describe, expect, it } from 'vitest';
import sample from './sample-problem.json' with { type: 'json' };
import { InvalidAnswerError } from './solver.backend';
import { OfflineBackend, offlineBackend } from './solver.offline';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const problem = ProblemSchema.parse(sample);

describe('OfflineBackend', () => {
  it('serves the public problem: no targets, no correct choices', async () => {
    const backend = new OfflineBackend(problem, memoryStorage());
    const pub = await backend.loadProblem();
    expect(JSON.stringify(pub)).not.toContain('"target"');
    expect(JSON.stringify(pub)).not.toContain('"correct"');
    expect(pub.numerals).toHaveLength(3);
  });

  it('checks steps in the browser and completes the numeral with the last right step', async () => {
    const storage = memoryStorage();
    const backend = new OfflineBackend(problem, storage);
    const wrong = await backend.check({ numeralId: 91, step: 0, answer: [{ math: '2x+3' }], totalTime: 5 });
    expect(wrong).toMatchObject({ correct: false, numeralCompleted: false });
    const step0 = await backend.check({ numeralId: 91, step: 0, answer: [{ math: '2x+6' }], totalTime: 5 });
    expect(step0).toMatchObject({ correct: true, numeralCompleted: false });
    const step1 = await backend.check({
      numeralId: 91,
      step: 1,
      answer: [{ math: 'x^2+x+7' }],
      totalTime: 5,
    });
    expect(step1).toMatchObject({ correct: true, numeralCompleted: true });
    expect(await new OfflineBackend(problem, storage).completedNumerals()).toEqual([91]);
  });

  it('checks multiple choice against the stored correct flags', async () => {
    const backend = new OfflineBackend(problem, memoryStorage());
    expect((await backend.check({ numeralId: 92, step: null, answer: [922], totalTime: 1 })).correct).toBe(
      false,
    );
    expect((await backend.check({ numeralId: 92, step: null, answer: [921], totalTime: 1 })).correct).toBe(
      true,
    );
  });

  it('refuses an answer of the wrong shape', async () => {
    const backend = new OfflineBackend(problem, memoryStorage());
    await expect(
      backend.check({ numeralId: 93, step: null, answer: [[1]], totalTime: 1 }),
    ).rejects.toBeInstanceOf(InvalidAnswerError);
  });

  it("gives the author's initial hint first", async () => {
    const backend = new OfflineBackend(problem, memoryStorage());
    const r = await backend.hints({
      numeralId: 91,
      step: null,
      answer: [{ math: '' }],
      totalTime: 0,
      shown: 0,
    });
    expect(r.hints[0]).toEqual({ text: 'Empieza por distribuir el 2.' });
  });

  it('survives storage that throws', async () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const backend = new OfflineBackend(problem, broken);
    expect(await backend.completedNumerals()).toEqual([]);
    expect(
      (await backend.check({ numeralId: 92, step: null, answer: [921], totalTime: 1 })).numeralCompleted,
    ).toBe(true);
  });

  it('is made from a problem given as data, and not from data that is not a problem', async () => {
    expect(await offlineBackend(sample)?.loadProblem()).toMatchObject({ id: problem.id });
    expect(offlineBackend({ ...sample, numerals: 'none' })).toBeNull();
    expect(offlineBackend('problem')).toBeNull();
  });
});
