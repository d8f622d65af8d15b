import { ProblemSchema, type Problem } from '@kib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import sample from './sample-problem.json' with { type: 'json' };
import type { CheckOutput, SolverBackend } from './solver.backend';
import { OfflineBackend } from './solver.offline';
import { Solver } from './solver';
import { fields, focusSettled } from '../math-console/math-field.fixtures';

const problem: Problem = ProblemSchema.parse(sample);

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

/** Types into the n-th math field (1-based) as a student would. */
async function typeLine(root: ParentNode, n: number, keys: string) {
  await expect.poll(() => fields(root).length).toBeGreaterThanOrEqual(n);
  const field = fields(root)[n - 1]!;
  field.focus();
  await expect.poll(() => focusSettled(field)).toBe(true);
  await userEvent.keyboard(keys);
}

afterEach(() => {
  window.mathVirtualKeyboard?.hide();
  localStorage.clear();
});

describe('Solver offline', () => {
  it('solves a numeral step by step: a wrong line is marked with its mistake, then the right lines complete it', async () => {
    const onNumeralComplete = vi.fn();
    const backend = new OfflineBackend(problem, memoryStorage());
    const screen = await render(<Solver backend={backend} onNumeralComplete={onNumeralComplete} />);
    await expect
      .element(screen.getByRole('heading', { name: 'Álgebra y recta numérica' }))
      .toBeInTheDocument();
    await expect
      .element(screen.getByRole('tab', { name: 'Pregunta 1' }))
      .toHaveAttribute('aria-selected', 'true');

    await screen.getByRole('button', { name: 'Paso a paso' }).click();
    await expect.element(screen.getByText('Distribuye', { exact: false })).toBeInTheDocument();
    await typeLine(screen.container, 1, '2x+3');
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeEnabled();
    await expect
      .element(screen.getByText('multiplica lo de afuera por cada término de adentro', { exact: false }))
      .toBeInTheDocument();
    await expect.element(screen.getByText('Revisa esta parte:')).toBeInTheDocument();
    // The wrong part of the line is marked in the field itself until the line is focused again.
    expect(fields(screen.container)[0]?.value).toMatch(/\\bbox\[kibhighlight/);

    // Fix the line: clear it and type the right expression.
    await typeLine(screen.container, 1, '{Control>}a{/Control}{Backspace}2x+6');
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect
      .element(screen.getByText('Agrupa los términos semejantes', { exact: false }))
      .toBeInTheDocument();

    await typeLine(screen.container, 2, 'x^2{ArrowRight}+x+7');
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => onNumeralComplete.mock.calls.length).toBe(1);
    expect(onNumeralComplete).toHaveBeenCalledWith({ problemId: 9001, numeralId: 91, recorded: true });
    await expect.element(screen.getByRole('dialog')).toBeVisible();
    await expect.element(screen.getByRole('tab', { name: /Pregunta 1.*resuelta/ })).toBeInTheDocument();
  });

  it('completes the exercise and calls onComplete once every numeral is right', async () => {
    const storage = memoryStorage();
    storage.setItem('kib:solver:9001', JSON.stringify({ completed: [91, 93] }));
    const onComplete = vi.fn();
    const screen = await render(
      <Solver backend={new OfflineBackend(problem, storage)} onComplete={onComplete} />,
    );
    await expect
      .element(screen.getByRole('tab', { name: 'Pregunta 2' }))
      .toHaveAttribute('aria-selected', 'true');
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => onComplete.mock.calls.length).toBe(1);
    expect(onComplete).toHaveBeenCalledWith({ problemId: 9001, numeralIds: [91, 92, 93] });
  });

  it('moves between numeral tabs with the arrow keys', async () => {
    const screen = await render(<Solver problem={problem} />);
    const first = screen.getByRole('tab', { name: 'Pregunta 1' });
    await first.click();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(screen.getByRole('tab', { name: 'Pregunta 2' }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect
      .element(screen.getByRole('tab', { name: 'Pregunta 3' }))
      .toHaveAttribute('aria-selected', 'true');
  });

  it('shows the hints one more per press, starting with the author’s', async () => {
    const screen = await render(<Solver problem={problem} lang="en" />);
    await screen.getByRole('button', { name: 'Hints' }).click();
    const hints = screen.getByRole('region', { name: 'Hints' });
    await expect.element(hints.getByRole('listitem')).toHaveTextContent('Empieza por distribuir el 2.');
    await screen.getByRole('button', { name: 'Hints' }).click();
    await expect.poll(() => hints.getByRole('listitem').elements().length).toBeGreaterThan(1);
    expect(hints.getByRole('listitem').elements()[0]?.textContent).toBe('Empieza por distribuir el 2.');
  });

  it('says there are no hints, on screen and to a screen reader, when a question has none', async () => {
    const screen = await render(<Solver problem={problem} lang="en" />);
    await screen.getByRole('tab', { name: 'Question 2' }).click();
    await screen.getByRole('button', { name: 'Hints' }).click();
    const hints = screen.getByRole('region', { name: 'Hints' });
    await expect.element(hints).toHaveTextContent('There are no hints for this answer.');
    expect(hints.getByRole('listitem').query()).toBeNull();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'There are no hints for this answer.' }))
      .toBeInTheDocument();
    // Asking again, after choosing an answer, still finds none and still says so.
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Hints' }).click();
    await expect.element(hints).toHaveTextContent('There are no hints for this answer.');
    expect(screen.getByText('You have seen every hint.').query()).toBeNull();
  });

  it('says there are no hints when the server has none for a question', async () => {
    const offline = new OfflineBackend(problem, memoryStorage());
    const hints = vi.fn(async () => ({ hints: [], picture: null, exhausted: true }));
    const backend: SolverBackend = {
      loadProblem: () => offline.loadProblem(),
      completedNumerals: async () => [],
      check: (input) => offline.check(input),
      hints,
    };
    const screen = await render(<Solver backend={backend} />);
    await screen.getByRole('button', { name: 'Pistas' }).click();
    await expect
      .element(screen.getByRole('region', { name: 'Pistas' }))
      .toHaveTextContent('No hay pistas disponibles para esta respuesta.');
    expect(hints).toHaveBeenCalledWith(expect.objectContaining({ numeralId: 91, step: null, shown: 0 }));
  });

  it('says so when the problem JSON is not a problem, naming the field', async () => {
    const screen = await render(<Solver problem={'{"title": 3}'} lang="en" />);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/^The problem is not in a valid format: check the field “\w+”\.$/);
  });
});

describe('Solver with a backend', () => {
  it('blocks a second check while one is in flight', async () => {
    let release: (out: CheckOutput) => void = () => undefined;
    const check = vi.fn(
      () =>
        new Promise<CheckOutput>((resolve) => {
          release = resolve;
        }),
    );
    const offline = new OfflineBackend(problem, memoryStorage());
    const backend: SolverBackend = {
      loadProblem: () => offline.loadProblem(),
      completedNumerals: async () => [91],
      check,
      hints: async () => ({ hints: [], picture: null, exhausted: true }),
    };
    const screen = await render(<Solver backend={backend} />);
    await screen.getByRole('radio', { name: /3/ }).first().click();
    const button = screen.getByRole('button', { name: 'Comprobar respuesta' });
    const top = button.element().getBoundingClientRect().top;
    await button.click();
    await expect.element(screen.getByRole('button', { name: 'Comprobando…' })).toBeDisabled();
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]).toEqual([
      { numeralId: 92, step: null, answer: [921], totalTime: expect.any(Number), hintsShown: 0 },
    ]);
    release({
      correct: false,
      numeralCompleted: false,
      feedback: { correct: false, feedback: { key: 'feedback.choice-wrong', params: {} } },
      recorded: false,
    });
    await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeEnabled();
    await expect.element(screen.getByText('La fecha límite ya pasó', { exact: false })).toBeInTheDocument();
    // The message and the badge arrive below and inside their kept places: the button stays put.
    expect(
      screen.getByRole('button', { name: 'Comprobar respuesta' }).element().getBoundingClientRect().top,
    ).toBe(top);
  });

  it('tells the student when the check fails, and lets them try again', async () => {
    const offline = new OfflineBackend(problem, memoryStorage());
    const backend: SolverBackend = {
      loadProblem: () => offline.loadProblem(),
      completedNumerals: async () => [91],
      check: async () => {
        throw new Error('network');
      },
      hints: async () => ({ hints: [], picture: null, exhausted: true }),
    };
    const screen = await render(<Solver backend={backend} />);
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No pudimos comprobar tu respuesta', { exact: false } as never);
    await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeEnabled();
  });
});
