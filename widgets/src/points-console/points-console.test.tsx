import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { announcements, readyBoard } from '../shared/graph/board-testing';
import { lastAnswer, renderConsole } from '../shared/graph/cartesian-testing';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { PointsConsole } from './points-console';

// The canvas is 450x350 with the origin at (100, 200) px and 50 px per unit at first.

/** The console with one point at (1, 2) and the move-points tool chosen. */
async function onePointToMove() {
  const rendered = await renderConsole(PointsConsole, { value: [{ x: 1, y: 2 }] });
  await rendered.screen.getByRole('button', { name: 'Mover puntos' }).click();
  return rendered;
}

describe('PointsConsole by mouse and touch', () => {
  it('places a point snapped to the grid where the student clicks, then returns to move', async () => {
    const { onAnswer, screen } = await renderConsole(PointsConsole);
    const board = screen.getByRole('application', { name: 'Plano cartesiano' });
    // (149, 104) is (0.98, 1.92): snapped to (1, 2).
    await board.click({ position: { x: 149, y: 104 } });
    expect(onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 2 }]);
    await expect
      .element(screen.getByRole('button', { name: 'Mover el plano' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => announcements(screen.container)).toContain('Punto colocado en (1, 2).');
  });

  it('moves a point with the move-points tool, snapped, then returns to move', async () => {
    const { onAnswer, screen, board } = await onePointToMove();
    await board.drag([150, 100], [199, 176]);
    await expect.poll(() => onAnswer.mock.calls.length).toBe(1);
    expect(onAnswer).toHaveBeenLastCalledWith([{ x: 2, y: 0.5 }]);
    await expect
      .element(screen.getByRole('button', { name: 'Mover el plano' }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('moves a point without dragging: tap it, then tap where it goes (WCAG 2.5.7)', async () => {
    const { onAnswer, screen, board } = await onePointToMove();
    await board.tap(151, 101);
    await expect.poll(() => announcements(screen.container)).toContain('Punto (1, 2) seleccionado.');
    expect(onAnswer).not.toHaveBeenCalled();
    await board.tap(300, 250);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual([{ x: 4, y: -1 }]);
    await expect
      .element(screen.getByRole('button', { name: 'Mover el plano' }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('a press that travels less than 3 px moves nothing', async () => {
    const { onAnswer, screen, board } = await onePointToMove();
    await board.drag([150, 100], [152, 101]);
    // Its release is a tap on the point, which selects it instead of moving it.
    await expect.poll(() => announcements(screen.container)).toContain('Punto (1, 2) seleccionado.');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('erases the point under the pointer', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole, {
      value: [
        { x: 1, y: 2 },
        { x: 3, y: 0 },
      ],
    });
    await screen.getByRole('button', { name: 'Borrar' }).click();
    await board.tap(256, 196);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual([{ x: 1, y: 2 }]);
  });

  it('refuses a second point on top of the first', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole, { value: [{ x: 1, y: 2 }] });
    await board.tap(152, 98);
    await expect.poll(() => announcements(screen.container)).toContain('Ya hay un punto en (1, 2).');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('dragging with the move tool pans the plane: the next point lands on the moved grid', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole);
    await screen.getByRole('button', { name: 'Mover el plano' }).click();
    await board.drag([200, 200], [250, 150]);
    await screen.getByRole('button', { name: 'Crear punto' }).click();
    // The origin is now at (150, 150) px: (200, 100) px is (1, 1).
    await board.tap(200, 100);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual([{ x: 1, y: 1 }]);
  });

  it('works with a finger on a 360 px phone: the board scales down, positions scale back', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <div style={{ width: '360px' }}>
        <PointsConsole data={null} onAnswer={onAnswer} />
      </div>,
    );
    const board = await readyBoard(screen.container);
    expect(board.surface().getBoundingClientRect().width).toBeLessThanOrEqual(360);
    expect(getComputedStyle(board.surface()).touchAction).toBe('none');
    await board.tap(250, 150, 'touch');
    await expect.poll(() => lastAnswer(onAnswer)).toEqual([{ x: 3, y: 1 }]);
  });
});

describe('PointsConsole in a shadow root (the <kib-points-console> element)', () => {
  it('draws, takes presses and styles itself inside the shadow root', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadow.append(container);
    const onAnswer = vi.fn();
    await render(<PointsConsole data={null} onAnswer={onAnswer} />, { container });
    const board = await readyBoard(shadow);
    expect(getComputedStyle(board.surface()).touchAction).toBe('none');
    await board.tap(250, 250);
    await expect.poll(() => lastAnswer(onAnswer)).toEqual([{ x: 3, y: -1 }]);
    host.remove();
  });
});

describe('PointsConsole by keyboard', () => {
  it('moves the cursor half a step per arrow (a whole one with Shift) and places a point with Enter', async () => {
    const { onAnswer, screen } = await renderConsole(PointsConsole);
    await userEvent.click(screen.getByRole('button', { name: 'Crear punto' }));
    for (let i = 0; i < 8 && document.activeElement?.getAttribute('role') !== 'application'; i++)
      await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    await expect.poll(() => announcements(screen.container)).toContain('Cursor en (1, 0.5)');
    await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 1.5 }]);
    await expect.poll(() => announcements(screen.container)).toContain('Punto colocado en (1, 1.5).');
    await expect.element(screen.getByText('(1, 1.5)', { exact: true })).toBeVisible();
  });

  it('selects a point with N, moves it with the arrows and deletes it', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole, {
      value: [
        { x: 1, y: 2 },
        { x: -1, y: 0 },
      ],
    });
    board.surface().focus();
    await userEvent.keyboard('nn');
    await expect.poll(() => announcements(screen.container)).toContain('Punto 2 de 2 seleccionado: (−1, 0).');
    await userEvent.keyboard('{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith([
      { x: 1, y: 2 },
      { x: -1, y: -0.5 },
    ]);
    await userEvent.keyboard('{Delete}');
    expect(onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 2 }]);
    await expect.poll(() => announcements(screen.container)).toContain('Punto (−1, −0.5) borrado.');
  });

  it('zooms with + and −, reading out the new scale', async () => {
    const { screen, board } = await renderConsole(PointsConsole);
    board.surface().focus();
    await userEvent.keyboard('-');
    await expect
      .poll(() => announcements(screen.container))
      .toContain('Cada cuadro vale 2 en el eje x y 2 en el eje y.');
  });

  it('describes the placed points to screen readers, with its tools as a toolbar', async () => {
    const screen = await render(
      <PointsConsole data={null} value={[{ x: 1, y: 2 }]} label="Ubica el punto (1, 2)" />,
    );
    await expect.element(screen.getByRole('group', { name: 'Ubica el punto (1, 2)' })).toBeVisible();
    await expect
      .element(screen.getByRole('application', { name: 'Plano cartesiano' }))
      .toHaveAccessibleDescription(/Puntos colocados: \(1, 2\)\./);
    await expect.element(screen.getByRole('toolbar', { name: 'Herramientas del plano' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Crear punto' }))
      .toHaveAttribute('aria-pressed', 'true');
  });
});

describe('PointsConsole as a controlled component', () => {
  it('follows a new value from the parent and keeps its work when the parent does not feed it back', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole, { value: null });
    await board.tap(150, 100);
    await expect.poll(() => onAnswer.mock.calls.length).toBe(1);
    await screen.rerender(<PointsConsole data={null} value={null} onAnswer={onAnswer} />);
    await expect
      .element(screen.getByRole('application'))
      .toHaveAccessibleDescription(/Puntos colocados: \(1, 2\)\./);
    await screen.rerender(<PointsConsole data={null} value={[{ x: -1, y: -1 }]} onAnswer={onAnswer} />);
    await expect
      .element(screen.getByRole('application'))
      .toHaveAccessibleDescription(/Puntos colocados: \(−1, −1\)\./);
  });

  it('takes no input while disabled', async () => {
    const { onAnswer, screen, board } = await renderConsole(PointsConsole, { disabled: true });
    await board.tap(150, 100);
    board.surface().focus();
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('button', { name: 'Crear punto' })).toBeDisabled();
  });
});

describe('PointsConsole feedback', () => {
  it('shows the checker message when wrong until a point is placed, whatever the hand', async () => {
    const screen = await render(
      <PointsConsole data={null} feedback={{ correctAns: false, feedbacks: 'feedback.points-missing' }} />,
    );
    await expect.element(screen.getByText(/faltan puntos por colocar/)).toBeVisible();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-graph-console')!);
    await expect.element(screen.getByText(/faltan puntos por colocar/)).toBeVisible();
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText(/faltan puntos por colocar/)).not.toBeInTheDocument();
  });

  it('says ¡Muy bien! when right, in English "Well done!"', async () => {
    const screen = await render(
      <PointsConsole
        data={null}
        feedback={{ correctAns: true, feedbacks: 'feedback.points-correct' }}
        lang="en"
      />,
    );
    await expect.element(screen.getByText('Well done!')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Create point' })).toBeVisible();
  });
});
