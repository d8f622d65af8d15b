import type { PlotFunctionAnswer } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { announcements, readyBoard } from '../shared/graph/board-testing';
import { lastAnswer, renderConsole } from '../shared/graph/cartesian-testing';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { FunctionConsole } from './function-console';

// The canvas is 450x300 with the origin at (100, 200) px and 50 px per unit at first.

/** A saved drawing of the points (0, 0) and (1, 1). */
const twoPoints = (inRadians: boolean): PlotFunctionAnswer => ({
  points: [
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ],
  inRadians,
});

/** A path of canvas pixels along y = x/2 from x = −1 to x = 3, one pixel apart. */
const halfLine = Array.from({ length: 201 }, (_, i) => [50 + i, 200 - (50 + i - 100) / 2] as const);

describe('FunctionConsole by mouse', () => {
  it('draws a stroke sampled at least 7 px apart and reports its points', async () => {
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole);
    await expect
      .element(screen.getByRole('button', { name: 'Dibujar' }))
      .toHaveAttribute('aria-pressed', 'true');
    await board.stroke(halfLine);
    await expect.poll(() => onAnswer.mock.calls.length).toBe(1);
    const answer = lastAnswer(onAnswer)!;
    expect(answer.inRadians).toBe(false);
    // 200 px of stroke at ≥ 7 px apart: about 200 / 7.8 samples, never more than 200 / 7.
    expect(answer.points.length).toBeGreaterThan(20);
    expect(answer.points.length).toBeLessThanOrEqual(29);
    expect(answer.points[0]).toEqual({ x: -1, y: -0.5 });
    for (const p of answer.points) expect(p.y).toBeCloseTo(p.x / 2, 2);
    for (let i = 1; i < answer.points.length; i++) {
      const a = answer.points[i - 1]!;
      const b = answer.points[i]!;
      expect(Math.hypot(b.x - a.x, b.y - a.y) * 50).toBeGreaterThanOrEqual(7 - 1e-6);
    }
    await expect.poll(() => announcements(screen.container)).toContain('Trazo dibujado de x = −1 a x = ');
  });

  it('erases the part of the stroke under the pointer', async () => {
    const value = { points: [0, 0.5, 1, 1.5, 2].map((x) => ({ x, y: 0 })), inRadians: false };
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole, { value });
    await screen.getByRole('button', { name: 'Borrar' }).click();
    await board.drag([148, 190], [152, 210], { steps: 4 });
    await expect
      .poll(() => lastAnswer(onAnswer)?.points)
      .toEqual([
        { x: 0, y: 0 },
        { x: 0.5, y: 0 },
        { x: 1.5, y: 0 },
        { x: 2, y: 0 },
      ]);
  });

  it('creates a point on the grid and moves it with the move-points tool', async () => {
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole);
    await screen.getByRole('button', { name: 'Crear punto' }).click();
    await board.tap(203, 148);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual({ points: [{ x: 2, y: 1 }], inRadians: false });
    await screen.getByRole('button', { name: 'Mover puntos' }).click();
    await board.drag([200, 150], [226, 124]);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual({ points: [{ x: 2.5, y: 1.5 }], inRadians: false });
  });

  it('moves a point without dragging: tap it, then tap where it goes (WCAG 2.5.7)', async () => {
    const value = {
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 4, y: -1 },
      ],
      inRadians: false,
    };
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole, { value });
    await screen.getByRole('button', { name: 'Mover puntos' }).click();
    await board.tap(300, 250);
    await expect.poll(() => announcements(screen.container)).toContain('Punto (4, −1) seleccionado.');
    await board.tap(326, 226);
    await expect.poll(() => lastAnswer(onAnswer)?.points.at(-1)).toEqual({ x: 4.5, y: -0.5 });
  });

  it('pans the plane with the move tool; the drawing keeps its values', async () => {
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole);
    await screen.getByRole('button', { name: 'Mover el plano' }).click();
    await board.drag([200, 150], [250, 150]);
    expect(onAnswer).not.toHaveBeenCalled();
    await screen.getByRole('button', { name: 'Crear punto' }).click();
    // The origin is now at (150, 200) px.
    await board.tap(200, 150);
    await expect.poll(() => lastAnswer(onAnswer)?.points).toEqual([{ x: 1, y: 1 }]);
  });

  it('Clear empties the drawing and returns to draw', async () => {
    const { onAnswer, screen } = await renderConsole(FunctionConsole, { value: twoPoints(true) });
    await screen.getByRole('button', { name: 'Borrar' }).click();
    await screen.getByRole('button', { name: 'Limpiar' }).click();
    expect(onAnswer).toHaveBeenLastCalledWith({ points: [], inRadians: true });
    await expect
      .element(screen.getByRole('button', { name: 'Dibujar' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByRole('button', { name: 'Limpiar' })).toBeDisabled();
  });

  it('To Radians labels the x-axis in multiples of π and reports inRadians', async () => {
    const { onAnswer, screen } = await renderConsole(FunctionConsole);
    const labels = () => [...screen.container.querySelectorAll('svg text')].map((n) => n.textContent);
    await expect.poll(labels).toContain('3');
    await screen.getByRole('button', { name: 'A radianes' }).click();
    expect(onAnswer).toHaveBeenLastCalledWith({ points: [], inRadians: true });
    await expect.poll(labels).toContain('π/2');
    await expect.poll(labels).toContain('3π/2');
    await screen.getByRole('button', { name: 'A enteros' }).click();
    expect(onAnswer).toHaveBeenLastCalledWith({ points: [], inRadians: false });
    await expect.poll(labels).not.toContain('π');
  });
});

describe('FunctionConsole by keyboard', () => {
  it('Enter adds points to a stroke at the cursor, Escape ends it', async () => {
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole);
    board.surface().focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => announcements(screen.container)).toContain('Trazo iniciado en (0, 0).');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith({
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0.5 },
      ],
      inRadians: false,
    });
    await userEvent.keyboard('{Escape}{Shift>}{ArrowRight}{/Shift}{Enter}');
    // A new stroke: its first point follows the others in the answer.
    expect(lastAnswer(onAnswer)?.points).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0.5 },
      { x: 2, y: 0.5 },
    ]);
    await expect
      .element(screen.getByRole('application'))
      .toHaveAccessibleDescription(/Dibujo de 3 puntos entre x = 0 y x = 2\./);
  });

  it('selects a point with N, moves it and deletes it', async () => {
    const { onAnswer, board } = await renderConsole(FunctionConsole, { value: twoPoints(false) });
    board.surface().focus();
    await userEvent.keyboard('{Shift>}N{/Shift}{ArrowUp}');
    expect(lastAnswer(onAnswer)?.points).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 1.5 },
    ]);
    await userEvent.keyboard('{Backspace}');
    expect(lastAnswer(onAnswer)?.points).toEqual([{ x: 0, y: 0 }]);
  });

  it('in the To Radians mode the cursor steps a quarter of π and reads it out', async () => {
    const { screen, board } = await renderConsole(FunctionConsole, {
      value: { points: [], inRadians: true },
    });
    board.surface().focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.poll(() => announcements(screen.container)).toContain('Cursor en (π/2, 0)');
  });
});

describe('FunctionConsole state and feedback', () => {
  it('restores a saved answer sorted by x as one path', async () => {
    const value = {
      points: [
        { x: 2, y: 4 },
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
      inRadians: false,
    };
    const onAnswer = vi.fn<(answer: PlotFunctionAnswer) => void>();
    const screen = await render(<FunctionConsole data={null} value={value} onAnswer={onAnswer} />);
    await expect
      .element(screen.getByRole('application'))
      .toHaveAccessibleDescription(/Dibujo de 3 puntos entre x = 0 y x = 2\./);
    await readyBoard(screen.container);
    await screen.getByRole('button', { name: 'A radianes' }).click();
    expect(lastAnswer(onAnswer)?.points.map((p) => p.x)).toEqual([0, 1, 2]);
  });

  it('shows the checker message when wrong, and ¡Muy bien! when right', async () => {
    const screen = await render(
      <div style={{ marginTop: '450px' }}>
        <FunctionConsole data={null} feedback={{ correctAns: false, feedbacks: 'feedback.plot-off-curve' }} />
      </div>,
    );
    await expect.element(screen.getByText(/Tu trazo se aleja de la gráfica/)).toBeVisible();
    await screen.rerender(
      <div style={{ marginTop: '450px' }}>
        <FunctionConsole data={null} feedback={{ correctAns: true, feedbacks: 'feedback.plot-correct' }} />
      </div>,
    );
    await expect.element(screen.getByText('¡Muy bien!')).toBeVisible();
  });

  it('keeps a wrong message until the curve changes, whatever the hand', async () => {
    const { screen, board } = await renderConsole(FunctionConsole, {
      feedback: { correctAns: false, feedbacks: 'feedback.plot-off-curve' },
    });
    const message = screen.getByText(/Tu trazo se aleja de la gráfica/);
    await expect.element(message).toBeVisible();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-graph-console')!);
    await expect.element(message).toBeVisible();
    await board.stroke(halfLine.slice(0, 40));
    await expect.element(message).not.toBeInTheDocument();
  });

  it('takes no input while disabled', async () => {
    const { onAnswer, screen, board } = await renderConsole(FunctionConsole, { disabled: true });
    await board.stroke(halfLine.slice(0, 40));
    await expect.element(screen.getByRole('button', { name: 'A radianes' })).toBeDisabled();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
