import type { PublicProblem } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { appendLatex, initialSolverState, nextOpenNumeral, solverReducer } from './solver.state';

const step = (id: number, numeralId: number, number: number) => ({
  id,
  numeralId,
  number,
  instruction: '',
  explanation: '',
  picture: null,
  videoS3: null,
  calculator: false,
  mathType: 'simplify' as const,
  data: null,
});

const problem = {
  id: 1,
  title: 'P',
  description: '',
  language: 'es',
  picture: null,
  subtopicId: null,
  topicId: null,
  numeration: null,
  videoS3: null,
  calculator: false,
  numerals: [
    {
      id: 10,
      problemId: 1,
      number: 0,
      question: 'a',
      initialHint: null,
      hintPicture: null,
      picture: null,
      videoS3: null,
      calculator: false,
      mathType: 'simplify',
      data: null,
      steps: [step(100, 10, 0), step(101, 10, 1)],
    },
    {
      id: 11,
      problemId: 1,
      number: 1,
      question: 'b',
      initialHint: null,
      hintPicture: null,
      picture: null,
      videoS3: null,
      calculator: false,
      mathType: 'simplify',
      data: null,
      steps: [],
    },
  ],
} as unknown as PublicProblem;

describe('solverReducer', () => {
  it('starts on the first numeral not yet completed', () => {
    expect(initialSolverState(problem, [10]).current).toBe(1);
    expect(initialSolverState(problem, [10]).numerals[10]?.completed).toBe(true);
  });

  it('a right step reveals the next; the last right step completes the numeral', () => {
    let s = initialSolverState(problem);
    s = solverReducer(s, { type: 'start-steps', numeralId: 10 });
    expect(s.numerals[10]).toMatchObject({ stepMode: true, stepIndex: 0 });
    s = solverReducer(s, {
      type: 'checked',
      target: { numeralId: 10, step: 0 },
      feedback: {},
      correct: true,
      numeralCompleted: false,
    });
    expect(s.numerals[10]?.stepIndex).toBe(1);
    expect(s.numerals[10]?.completed).toBe(false);
    s = solverReducer(s, {
      type: 'checked',
      target: { numeralId: 10, step: 1 },
      feedback: {},
      correct: true,
      numeralCompleted: true,
    });
    expect(s.numerals[10]?.completed).toBe(true);
    expect(s.notice).toBe('question-dialog');
  });

  it('a wrong step stays on that step and keeps its feedback', () => {
    let s = solverReducer(initialSolverState(problem), { type: 'start-steps', numeralId: 10 });
    s = solverReducer(s, {
      type: 'checked',
      target: { numeralId: 10, step: 0 },
      feedback: { x: 1 },
      correct: false,
      numeralCompleted: false,
    });
    expect(s.numerals[10]?.stepIndex).toBe(0);
    expect(s.numerals[10]?.steps[0]).toMatchObject({ feedback: { x: 1 }, correct: false });
  });

  it('finishing the last open numeral finishes the exercise: dialog, then banner', () => {
    let s = initialSolverState(problem, [10]);
    s = solverReducer(s, {
      type: 'checked',
      target: { numeralId: 11, step: null },
      feedback: {},
      correct: true,
      numeralCompleted: true,
    });
    expect(s.notice).toBe('exercise-dialog');
    s = solverReducer(s, { type: 'close-dialog' });
    expect(s.notice).toBe('exercise-banner');
    s = solverReducer(s, { type: 'close-banner' });
    expect(s.notice).toBe('none');
  });

  it('hides the hints after each attempt and releases the check lock', () => {
    let s = solverReducer(initialSolverState(problem), {
      type: 'hints',
      numeralId: 11,
      texts: ['h'],
      picture: null,
      exhausted: false,
    });
    s = solverReducer(s, { type: 'check-started' });
    expect(s.checking).toBe(true);
    s = solverReducer(s, {
      type: 'checked',
      target: { numeralId: 11, step: null },
      feedback: {},
      correct: false,
      numeralCompleted: false,
    });
    expect(s.checking).toBe(false);
    expect(s.numerals[11]?.hints.visible).toBe(false);
  });

  it('finds the next open numeral, wrapping around', () => {
    const s = initialSolverState(problem, [11]);
    expect(nextOpenNumeral(problem, s, 1)).toBe(0);
    expect(nextOpenNumeral(problem, initialSolverState(problem, [10, 11]), 0)).toBeNull();
  });
});

describe('appendLatex', () => {
  it.each([
    ['no answer, at the end of the line', null, 'end-of-line', [{ math: '2' }]],
    ['no answer, as a new line', null, 'new-line', [{ math: '2' }]],
    ['at the end of the last line', [{ math: 'x+', solNum: 1 }], 'end-of-line', [{ math: 'x+2', solNum: 1 }]],
    ['as a new line after a written one', [{ math: 'x' }], 'new-line', [{ math: 'x' }, { math: '2' }]],
    [
      'as a new line into an empty last line',
      [{ math: 'x' }, { math: ' ' }],
      'new-line',
      [{ math: 'x' }, { math: '2' }],
    ],
  ] as const)('adds the LaTeX %s', (_, answer, mode, expected) => {
    expect(appendLatex(answer === null ? null : answer.map((l) => ({ ...l })), '2', mode)).toEqual(expected);
  });

  it('leaves the given answer as it was', () => {
    const answer = [{ math: 'x' }];
    appendLatex(answer, '2', 'end-of-line');
    expect(answer).toEqual([{ math: 'x' }]);
  });
});
