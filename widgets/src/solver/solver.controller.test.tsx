import { ProblemSchema, toPublicProblem, type PublicProblem } from '@kib/core';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import sample from './sample-problem.json' with { type: 'json' };
import { InvalidAnswerError, type CheckOutput, type HintsOutput, type SolverBackend } from './solver.backend';
import { useSolver, useSolverLoad, type SolverOptions } from './solver.controller';

const problem: PublicProblem = toPublicProblem(ProblemSchema.parse(sample));
const [simplify, choice, intervals] = problem.numerals.map((n) => n.id) as [number, number, number];

const wrong: CheckOutput = {
  correct: false,
  numeralCompleted: false,
  feedback: { correct: false },
  recorded: true,
};
const completes: CheckOutput = {
  correct: true,
  numeralCompleted: true,
  feedback: { correct: true },
  recorded: true,
};

function fakeBackend(overrides: Partial<SolverBackend> = {}): SolverBackend {
  return {
    loadProblem: vi.fn(async () => problem),
    completedNumerals: vi.fn(async () => []),
    check: vi.fn(async () => wrong),
    hints: vi.fn(async (): Promise<HintsOutput> => ({ hints: [], picture: null, exhausted: true })),
    ...overrides,
  };
}

/** The text the live region reads (without the zero-width space that repeats a sentence). */
function announced(region: ReactNode): string {
  return String((region as ReactElement<{ children: string }>).props.children).replace('\u200b', '');
}

function keyEvent(key: string) {
  return { key, preventDefault: vi.fn() } as unknown as KeyboardEvent & { preventDefault: () => void };
}

async function solver(options: Partial<SolverOptions> = {}) {
  return renderHook(() =>
    useSolver({ backend: fakeBackend(), problem, completed: [], lang: 'en', ...options }),
  );
}

const tabs: HTMLButtonElement[] = [];
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.remove();
});

describe('useSolver tabs', () => {
  it('opens on the first numeral not completed yet', async () => {
    const { result } = await solver({ completed: [simplify] });
    expect(result.current.state.current).toBe(1);
    expect(result.current.numeral?.id).toBe(choice);
    expect(result.current.numeralState?.completed).toBe(false);
  });

  it('selects a tab wrapping around both ends, focuses it and clears the message', async () => {
    const { result, act } = await solver();
    for (let i = 0; i < problem.numerals.length; i++) {
      const tab = document.createElement('button');
      document.body.append(tab);
      tabs.push(tab);
      result.current.registerTab(i, tab);
    }
    await act(() => result.current.submit());
    expect(result.current.message).toBe('Write your answer before checking it.');

    await act(() => result.current.selectTab(-1));
    expect(result.current.state.current).toBe(2);
    expect(document.activeElement).toBe(tabs[2]);
    expect(result.current.message).toBeNull();
    await act(() => result.current.selectTab(3));
    expect(result.current.state.current).toBe(0);
    expect(document.activeElement).toBe(tabs[0]);
  });

  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowLeft', 0, 2],
    ['End', 0, 2],
    ['Home', 2, 0],
  ])('%s from tab %i shows tab %i', async (key, from, to) => {
    const { result, act } = await solver();
    await act(() => result.current.selectTab(from));
    const event = keyEvent(key);
    await act(() => result.current.onTabKey(event));
    expect(result.current.state.current).toBe(to);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('leaves other keys to the page', async () => {
    const { result, act } = await solver();
    const event = keyEvent('a');
    await act(() => result.current.onTabKey(event));
    expect(result.current.state.current).toBe(0);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});

describe('useSolver checks', () => {
  it('does not send an empty answer, and says so', async () => {
    const backend = fakeBackend();
    const { result, act } = await solver({ backend });
    await act(() => result.current.submit());
    expect(backend.check).not.toHaveBeenCalled();
    expect(result.current.message).toBe('Write your answer before checking it.');
    expect(result.current.state.checking).toBe(false);
  });

  it('sends the answer with the seconds since the last attempt, marks the feedback and announces it', async () => {
    const backend = fakeBackend();
    const { result, act } = await solver({ backend });
    const answer = [{ math: '2x+5', solNum: 0 }];
    await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, answer));
    await act(() => result.current.submit());
    expect(backend.check).toHaveBeenCalledWith({
      numeralId: simplify,
      step: null,
      answer,
      totalTime: expect.any(Number),
      hintsShown: 0,
    });
    expect(result.current.state.checking).toBe(false);
    expect(result.current.numeralState?.main).toEqual({
      answer,
      feedback: { correct: false },
      correct: false,
    });
    expect(announced(result.current.region)).toBe('The answer is not right yet. Read the feedback.');
  });

  it.each([
    ['deadline-passed', 'The deadline has passed: your answer is checked but not recorded for your teacher.'],
    [undefined, 'The deadline has passed: your answer is checked but not recorded for your teacher.'],
    ['demo', 'This is the demo: your answer is checked, but nothing is recorded.'],
  ] as const)(
    'keeps the feedback of a wrong answer not recorded (%s) and says why it was not',
    async (reason, message) => {
      const feedback = {
        correct: false,
        lines: [{ correct: false, feedback: { key: 'feedback.not-equivalent' } }],
      };
      const check = vi.fn(async (): Promise<CheckOutput> => ({
        ...wrong,
        feedback,
        recorded: false,
        notRecordedBecause: reason,
      }));
      const { result, act } = await solver({ backend: fakeBackend({ check }) });
      const answer = [{ math: '2x+5', solNum: 0 }];
      await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, answer));
      await act(() => result.current.submit());
      expect(result.current.numeralState?.main).toEqual({ answer, feedback, correct: false });
      expect(result.current.message).toBe(message);
      expect(announced(result.current.region)).toBe('The answer is not right yet. Read the feedback.');
    },
  );

  it('ignores a second check while one is in flight', async () => {
    let release: (out: CheckOutput) => void = () => undefined;
    const check = vi.fn(
      () =>
        new Promise<CheckOutput>((resolve) => {
          release = resolve;
        }),
    );
    const { result, act } = await solver({ backend: fakeBackend({ check }) });
    await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, [{ math: 'x' }]));
    let first: Promise<void> = Promise.resolve();
    await act(() => {
      first = result.current.submit();
    });
    expect(result.current.state.checking).toBe(true);
    expect(announced(result.current.region)).toBe('Checking…');
    await act(() => result.current.submit());
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => {
      release(wrong);
      await first;
    });
    expect(result.current.state.checking).toBe(false);
  });

  it.each([
    [new InvalidAnswerError(), 'Your answer is incomplete. Complete it and check it again.'],
    [new Error('network'), 'We could not check your answer. Check your connection and try again.'],
  ])('after a failed check (%s) says why and lets the student check again', async (error, text) => {
    const check = vi.fn(async () => {
      throw error;
    });
    const { result, act } = await solver({ backend: fakeBackend({ check }) });
    await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, [{ math: 'x' }]));
    await act(() => result.current.submit());
    expect(result.current.message).toBe(text);
    expect(result.current.state.checking).toBe(false);
  });

  it('calls onNumeralComplete once per numeral, then onComplete once every numeral is', async () => {
    const onNumeralComplete = vi.fn();
    const onComplete = vi.fn();
    const check = vi.fn(async () => ({ ...completes, recorded: false }));
    const { result, act } = await solver({
      backend: fakeBackend({ check }),
      completed: [simplify, intervals],
      onNumeralComplete,
      onComplete,
    });
    await act(() => result.current.setAnswer({ numeralId: choice, step: null }, [921]));
    await act(() => result.current.submit());
    expect(onNumeralComplete).toHaveBeenCalledWith({ problemId: 9001, numeralId: choice, recorded: false });
    expect(result.current.message).toBe(
      'The deadline has passed: your answer is checked but not recorded for your teacher.',
    );
    expect(announced(result.current.region)).toBe('Correct answer! Question solved.');
    expect(result.current.state.notice).toBe('exercise-dialog');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith({ problemId: 9001, numeralIds: [simplify, choice, intervals] });

    await act(() => result.current.submit());
    expect(check).toHaveBeenCalledTimes(2);
    expect(onNumeralComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledTimes(1);

    await act(() => result.current.closeDialog());
    expect(result.current.state.notice).toBe('exercise-banner');
    await act(() => result.current.closeBanner());
    expect(result.current.state.notice).toBe('none');
  });

  it('step by step: answers and checks the step reached, and announces a right step', async () => {
    const check = vi.fn(async () => ({ ...wrong, correct: true }));
    const { result, act } = await solver({ backend: fakeBackend({ check }) });
    await act(() => result.current.startSteps());
    expect(result.current.numeralState?.stepMode).toBe(true);
    await act(() => result.current.setAnswer({ numeralId: simplify, step: 0 }, [{ math: '2x+6' }]));
    await act(() => result.current.submit());
    expect(check).toHaveBeenCalledWith(expect.objectContaining({ numeralId: simplify, step: 0 }));
    expect(result.current.numeralState?.stepIndex).toBe(1);
    expect(announced(result.current.region)).toBe('Correct! Go on with the next step.');
  });
});

describe('useSolver after a completed numeral', () => {
  it('offers the next open numeral and goes there, closing the banner', async () => {
    const { result, act } = await solver({ backend: fakeBackend({ check: async () => completes }) });
    await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, [{ math: 'x' }]));
    await act(() => result.current.submit());
    expect(result.current.state.notice).toBe('question-dialog');
    expect(result.current.hasNextOpen).toBe(true);
    await act(() => result.current.closeDialog());
    expect(result.current.state.notice).toBe('question-banner');
    await act(() => result.current.goToNext());
    expect(result.current.state.current).toBe(1);
    expect(result.current.state.notice).toBe('none');
  });

  it('offers no next numeral once the last open one is completed', async () => {
    const { result, act } = await solver({
      backend: fakeBackend({ check: async () => completes }),
      completed: [choice, intervals],
    });
    expect(result.current.hasNextOpen).toBe(true);
    await act(() => result.current.setAnswer({ numeralId: simplify, step: null }, [{ math: 'x' }]));
    await act(() => result.current.submit());
    expect(result.current.state.notice).toBe('exercise-dialog');
    expect(result.current.hasNextOpen).toBe(false);
  });
});

describe('useSolver hints', () => {
  it('asks for one hint more each time, translated, and announces the last one', async () => {
    const hints = vi.fn(async ({ shown }: { shown: number }): Promise<HintsOutput> => ({
      hints: [{ text: 'Distribute the 2.' }, { key: 'feedback.choice-wrong', params: {} }].slice(
        0,
        shown + 1,
      ),
      picture: 'hint.png',
      exhausted: shown > 0,
    }));
    const { result, act } = await solver({ backend: fakeBackend({ hints }) });
    await act(() => result.current.askHints());
    expect(hints).toHaveBeenLastCalledWith({
      numeralId: simplify,
      step: null,
      answer: [{ math: '' }],
      totalTime: 0,
      shown: 0,
    });
    expect(result.current.numeralState?.hints).toEqual({
      texts: ['Distribute the 2.'],
      picture: 'hint.png',
      exhausted: false,
      visible: true,
    });
    expect(announced(result.current.region)).toBe('Distribute the 2.');

    await act(() => result.current.askHints());
    expect(hints).toHaveBeenLastCalledWith(expect.objectContaining({ shown: 1 }));
    expect(result.current.numeralState?.hints.texts).toEqual([
      'Distribute the 2.',
      'You picked an option that is not correct. Try again!',
    ]);
    expect(result.current.numeralState?.hints.exhausted).toBe(true);

    // A check after them says how many hints the student saw.
    const check = vi.fn(async () => ({
      correct: false,
      numeralCompleted: false,
      feedback: null,
      recorded: true,
    }));
    const after = await solver({ backend: fakeBackend({ hints, check }) });
    await after.act(() => after.result.current.askHints());
    await after.act(() => after.result.current.askHints());
    await after.act(() =>
      after.result.current.setAnswer({ numeralId: simplify, step: null }, [{ math: 'x' }]),
    );
    await after.act(() => after.result.current.submit());
    expect(check).toHaveBeenLastCalledWith(expect.objectContaining({ hintsShown: 2 }));
  });

  it('sends an empty selection for a console that is not typed, and says when there are none', async () => {
    const hints = vi.fn(async (): Promise<HintsOutput> => ({ hints: [], picture: null, exhausted: true }));
    const { result, act } = await solver({ backend: fakeBackend({ hints }), completed: [simplify] });
    await act(() => result.current.askHints());
    expect(hints).toHaveBeenCalledWith(expect.objectContaining({ numeralId: choice, answer: [] }));
    expect(announced(result.current.region)).toBe('There are no hints for this answer.');
  });

  it('says so when the hints cannot be fetched', async () => {
    const hints = vi.fn(async (): Promise<HintsOutput> => {
      throw new Error('network');
    });
    const { result, act } = await solver({ backend: fakeBackend({ hints }) });
    await act(() => result.current.askHints());
    expect(result.current.message).toBe('We could not get the hints. Try again.');
  });
});

describe('useSolver tools', () => {
  it('adds the calculator’s result to the last line and the handwriting as a new line', async () => {
    const { result, act } = await solver();
    const target = { numeralId: simplify, step: null };
    await act(() => result.current.appendToTextAnswer('2', 'end-of-line'));
    expect(result.current.numeralState?.main.answer).toEqual([{ math: '2' }]);
    await act(() => result.current.appendToTextAnswer('x', 'end-of-line'));
    await act(() => result.current.appendToTextAnswer('y', 'new-line'));
    expect(result.current.numeralState?.main.answer).toEqual([{ math: '2x' }, { math: 'y' }]);
    await act(() => result.current.setAnswer(target, [{ math: 'a', solNum: 0 }, { math: ' ' }]));
    await act(() => result.current.appendToTextAnswer('b', 'new-line'));
    expect(result.current.numeralState?.main.answer).toEqual([{ math: 'a', solNum: 0 }, { math: 'b' }]);
  });

  it('types nothing into a console that is not the math console', async () => {
    const { result, act } = await solver({ completed: [simplify] });
    expect(result.current.textTarget).toBe(false);
    await act(() => result.current.appendToTextAnswer('2', 'end-of-line'));
    expect(result.current.numeralState?.main.answer).toBeNull();
  });

  it('opens one tool panel at a time, and the video', async () => {
    const { result, act } = await solver();
    expect(result.current.calculatorAllowed).toBe(true);
    expect(result.current.textTarget).toBe(true);
    await act(() => result.current.togglePanel('calculator'));
    expect(result.current.panel).toBe('calculator');
    await act(() => result.current.togglePanel('handwriting'));
    expect(result.current.panel).toBe('handwriting');
    await act(() => result.current.togglePanel('handwriting'));
    expect(result.current.panel).toBe('none');
    await act(() => result.current.togglePanel('calculator'));
    await act(() => result.current.closePanel());
    expect(result.current.panel).toBe('none');
    await act(() => result.current.openVideo());
    expect(result.current.videoOpen).toBe(true);
    await act(() => result.current.closeVideo());
    expect(result.current.videoOpen).toBe(false);
  });

  it('plays the nearest video: the step’s, else the numeral’s, else the problem’s', async () => {
    const [first, ...rest] = problem.numerals;
    const withVideos: PublicProblem = {
      ...problem,
      calculator: false,
      videoS3: 'problem.mp4',
      numerals: [
        {
          ...first!,
          videoS3: 'numeral.mp4',
          steps: first!.steps.map((s) => ({ ...s, videoS3: 'step.mp4' })),
        },
        ...rest,
      ],
    };
    const { result, act } = await solver({ problem: withVideos });
    expect(result.current.calculatorAllowed).toBe(false);
    expect(result.current.videoId).toBe('numeral.mp4');
    await act(() => result.current.startSteps());
    expect(result.current.videoId).toBe('step.mp4');
    await act(() => result.current.selectTab(1));
    expect(result.current.videoId).toBe('problem.mp4');
  });
});

describe('useSolverLoad', () => {
  it.each([
    ['no problem', {}, 'solver.no-problem'],
    ['a problem JSON that does not parse', { problem: '{' }, 'solver.invalid-json'],
  ])('with %s, fails with its message', async (_, props, message) => {
    const { result } = await renderHook(() => useSolverLoad(props));
    await expect.poll(() => result.current).toEqual({ status: 'error', message });
  });

  it('names the first field of a JSON that is not a problem', async () => {
    const { result } = await renderHook(() => useSolverLoad({ problem: '{"title": 3}' }));
    await expect
      .poll(() => result.current)
      .toMatchObject({
        status: 'error',
        message: 'solver.invalid-problem-field',
      });
    const field = (result.current as { params?: { field: string } }).params?.field;
    expect(field).toMatch(/^[a-zA-Z]/);
    const numerals = JSON.stringify({ ...sample, numerals: [{ ...sample.numerals[0], mathType: 'dance' }] });
    const { result: second } = await renderHook(() => useSolverLoad({ problem: numerals }));
    await expect
      .poll(() => (second.current as { params?: { field: string } }).params?.field)
      .toMatch(/^numerals\[0\]/);
  });

  it('loads the problem and its completed numerals from the backend', async () => {
    const backend = fakeBackend({ completedNumerals: async () => [simplify] });
    const { result } = await renderHook(() => useSolverLoad({ backend }));
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current).toEqual({ status: 'ready', backend, problem, completed: [simplify] });
  });

  it('starts with nothing completed when the progress cannot be read', async () => {
    const backend = fakeBackend({
      completedNumerals: async () => {
        throw new Error('network');
      },
    });
    const { result } = await renderHook(() => useSolverLoad({ backend }));
    await expect.poll(() => result.current.status).toBe('ready');
    expect(result.current).toMatchObject({ completed: [] });
  });

  it('fails when the problem cannot be loaded', async () => {
    const backend = fakeBackend({
      loadProblem: async () => {
        throw new Error('network');
      },
    });
    const { result } = await renderHook(() => useSolverLoad({ backend }));
    await expect.poll(() => result.current).toEqual({ status: 'error', message: 'solver.load-failed' });
  });

  it('loads again when given another backend', async () => {
    const first = fakeBackend();
    const second = fakeBackend({ completedNumerals: async () => [choice] });
    const { result, rerender } = await renderHook((backend?: SolverBackend) => useSolverLoad({ backend }), {
      initialProps: first,
    });
    await expect.poll(() => result.current.status).toBe('ready');
    await rerender(second);
    await expect
      .poll(() => result.current)
      .toMatchObject({ status: 'ready', backend: second, completed: [choice] });
    expect(second.loadProblem).toHaveBeenCalledTimes(1);
  });
});
