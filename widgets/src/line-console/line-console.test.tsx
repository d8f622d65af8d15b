import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { announcements } from '../shared/graph/board-testing';
import { lastAnswer, renderConsole } from '../shared/graph/cartesian-testing';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { LineConsole } from './line-console';

// The canvas is 450x350 with the origin at (100, 200) px and 50 px per unit at first.

/** A complete line through (0, 1) and (2, 3). */
const LINE: [{ x: number; y: number }, { x: number; y: number }] = [
  { x: 0, y: 1 },
  { x: 2, y: 3 },
];

/** The outlines JSXGraph has drawn (SVG paths). */
const drawnPaths = (container: HTMLElement) =>
  new Set([...container.querySelectorAll('svg path')].map((p) => p.getAttribute('d') ?? ''));

describe('LineConsole by mouse', () => {
  it('reports [p1, p2] once both points are placed, and draws the line', async () => {
    const { onAnswer, screen } = await renderConsole(LineConsole);
    const board = screen.getByRole('application', { name: 'Plano cartesiano' });
    const before = drawnPaths(screen.container);
    await board.click({ position: { x: 99, y: 149 } });
    expect(onAnswer).not.toHaveBeenCalled();
    await expect
      .poll(() => announcements(screen.container))
      .toContain('Primer punto en (0, 1). Coloca el segundo punto.');
    await board.click({ position: { x: 199, y: 49 } });
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 1 },
      { x: 2, y: 3 },
    ]);
    await expect.poll(() => announcements(screen.container)).toContain('Recta trazada por (0, 1) y (2, 3).');
    // A new outline: the line across the plane.
    await expect
      .poll(() => [...drawnPaths(screen.container)].filter((d) => d.length > 20 && !before.has(d)).length)
      .toBeGreaterThan(0);
  });

  it('refuses a second point on top of the first (no degenerate line)', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole);
    await board.tap(100, 150);
    await board.tap(104, 146);
    await expect
      .poll(() => announcements(screen.container))
      .toContain('El segundo punto no puede estar sobre el primero');
    expect(onAnswer).not.toHaveBeenCalled();
    await board.tap(150, 150);
    await expect
      .poll(() => lastAnswer(onAnswer))
      .toEqual([
        { x: 0, y: 1 },
        { x: 1, y: 1 },
      ]);
  });

  it('drags a point of the line, snapped; never onto the other point', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole, { value: LINE });
    await board.drag([200, 50], [251, 99]);
    await expect
      .poll(() => lastAnswer(onAnswer))
      .toEqual([
        { x: 0, y: 1 },
        { x: 3, y: 2 },
      ]);
    await board.drag([250, 100], [100, 150]);
    await expect
      .poll(() => announcements(screen.container))
      .toContain('El segundo punto no puede estar sobre el primero');
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('moves a point without dragging: tap it, then tap where it goes (WCAG 2.5.7)', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole, { value: LINE });
    await board.tap(200, 50);
    await expect.poll(() => announcements(screen.container)).toContain('Punto (2, 3) seleccionado.');
    await board.tap(300, 100);
    await expect
      .poll(() => lastAnswer(onAnswer))
      .toEqual([
        { x: 0, y: 1 },
        { x: 4, y: 2 },
      ]);
  });

  it('dragging the empty plane pans it without touching the answer', async () => {
    const { onAnswer, board } = await renderConsole(LineConsole);
    await board.drag([300, 300], [250, 250]);
    // The origin moved to (50, 150) px: a tap at (100, 100) is (1, 1).
    await board.tap(100, 100);
    await board.tap(150, 100);
    await expect
      .poll(() => lastAnswer(onAnswer))
      .toEqual([
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ]);
  });
});

describe('LineConsole by keyboard', () => {
  it('places both points with the cursor and Enter, then moves one with N and the arrows', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole);
    board.surface().focus();
    await userEvent.keyboard('{Enter}{Shift>}{ArrowRight}{ArrowUp}{/Shift}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => announcements(screen.container)).toContain('La recta ya tiene sus dos puntos');
    await userEvent.keyboard('n{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: -0.5 },
      { x: 1, y: 1 },
    ]);
    await expect
      .poll(() => announcements(screen.container))
      .toContain('Punto movido a (0, −0.5). Recta que pasa por (0, −0.5) y (1, 1).');
    await userEvent.keyboard('{Delete}');
    await expect.poll(() => announcements(screen.container)).toContain('La recta necesita sus dos puntos');
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });

  it('refuses by keyboard too a second point on the first', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole);
    board.surface().focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await expect
      .poll(() => announcements(screen.container))
      .toContain('El segundo punto no puede estar sobre el primero');
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('LineConsole state and feedback', () => {
  it('restores a saved line and describes it', async () => {
    const screen = await render(
      <LineConsole
        data={null}
        value={[
          { x: -1, y: 0 },
          { x: 1, y: 2 },
        ]}
        lang="en"
      />,
    );
    await expect
      .element(screen.getByRole('application', { name: 'Cartesian plane' }))
      .toHaveAccessibleDescription(/Line through \(−1, 0\) and \(1, 2\)\./);
  });

  it('shows the server feedback when wrong', async () => {
    const screen = await render(
      <div style={{ marginTop: '450px' }}>
        <LineConsole data={null} feedback={{ correctAns: false, feedbacks: 'feedback.line-wrong-slope' }} />
      </div>,
    );
    await expect.element(screen.getByText(/su pendiente no es la correcta|pendiente/)).toBeVisible();
  });

  it('keeps a wrong message until the line changes, whatever the hand', async () => {
    const { screen, board } = await renderConsole(LineConsole, {
      feedback: { correctAns: false, feedbacks: 'feedback.line-wrong-slope' },
    });
    const message = screen.getByText(/pendiente/);
    await expect.element(message).toBeVisible();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-graph-console')!);
    await expect.element(message).toBeVisible();
    await board.tap(100, 150);
    await board.tap(150, 150);
    await expect.element(message).not.toBeInTheDocument();
  });

  it('takes no input while disabled', async () => {
    const { onAnswer, screen, board } = await renderConsole(LineConsole, { disabled: true });
    await board.tap(100, 150);
    await board.tap(150, 150);
    // Enabled again, a tap after those places the first point: they placed nothing.
    await screen.rerender(<LineConsole data={null} onAnswer={onAnswer} />);
    await board.tap(100, 150);
    await expect
      .poll(() => announcements(screen.container))
      .toContain('Primer punto en (0, 1). Coloca el segundo punto.');
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
