import { ADAPTIVE_MODEL } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { replay, type LoggedAttempt } from './replay';

const at = (hours: number) => new Date(Date.UTC(2026, 11, 1) + hours * 3_600_000);
const attempt = (over: Partial<LoggedAttempt>): LoggedAttempt => ({
  solver: 'u1',
  numeralId: 1,
  stepId: null,
  correct: true,
  at: at(0),
  ...over,
});

describe('replaying the attempts log', () => {
  it('takes a first attempt, skips retries within the repeat window and weighs a later day less', () => {
    const { skills, predictions } = replay(
      [
        attempt({ correct: false, at: at(0) }),
        attempt({ correct: true, at: at(0.1) }), // a retry after feedback
        attempt({ correct: true, at: at(48) }), // two days later: a review
      ],
      new Map([[1, [10]]]),
    );
    expect(predictions).toHaveLength(2);
    expect(skills.get('u1')!.get(10)!.evidence).toBeCloseTo(1 + ADAPTIVE_MODEL.repeat.weight, 1);
  });

  it('keeps solvers apart, orders by time whatever the input order, and weighs a step as guided', () => {
    const { skills, numerals } = replay(
      [attempt({ solver: 't5', stepId: 3, at: at(2) }), attempt({ solver: 'u1', correct: false, at: at(1) })],
      new Map([[1, [10, 11]]]),
    );
    expect(skills.get('u1')!.get(10)!.theta).toBeLessThan(0);
    expect(skills.get('t5')!.get(11)!.evidence).toBeCloseTo(ADAPTIVE_MODEL.guidedWeight, 9);
    expect(numerals.get(1)!.evidence).toBeCloseTo(1 + ADAPTIVE_MODEL.guidedWeight, 9);
  });
});
