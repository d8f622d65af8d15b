import type { IntervalsAnswer } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { dragOn, linePx, tapAt, waitForBoard, wheelAt } from '../shared/graph/number-line-board.testing';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { IntervalConsole } from './interval-console';

type Screen = Awaited<ReturnType<typeof render>>;

const board = (screen: Screen) => waitForBoard(screen.container);

const b = (open: boolean, value: number | 'minusInf' | 'inf') => ({ open, value });

describe('IntervalConsole with a mouse', () => {
  it('draws an interval with two clicks at pixel positions, then switches to moving its ends', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    const app = screen.getByRole('application');
    // The board has a 1 px border around its 400x200 canvas.
    await app.click({ position: { x: linePx(-2) + 1, y: 101 } });
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByText('Ahora coloca el segundo extremo.')).toBeInTheDocument();
    await app.click({ position: { x: linePx(3) + 1, y: 101 } });
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -2), b(false, 3)]]);
    await expect
      .element(screen.getByRole('button', { name: 'Mover extremo' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('Intervalo [−2, 3] dibujado.');
  });

  it('refuses a second bracket on the first one', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(1));
    tapAt(canvas, linePx(1) + 3);
    expect(onAnswer).not.toHaveBeenCalled();
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent(/no puede estar donde está el primero/);
    tapAt(canvas, linePx(2));
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, 1), b(false, 2)]]);
  });

  it('gives infinity beyond the axis ends, always open', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, 390);
    tapAt(canvas, linePx(-1));
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -1), b(true, 'inf')]]);
  });

  it('drags a bracket past the other one: both turn round, each keeping its shape', async () => {
    const onAnswer = vi.fn();
    const saved: IntervalsAnswer = [[b(false, -1), b(true, 1)]];
    const screen = await render(<IntervalConsole data={null} value={saved} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Mover extremo' }).click();
    dragOn(canvas, linePx(-1), linePx(3));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenLastCalledWith([[b(true, 1), b(false, 3)]]);
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent(/se cruzaron: ahora el intervalo es \(1, 3\]/);
  });

  it('clicking a bracket offers round or square; the choice is sent', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <IntervalConsole data={null} value={[[b(false, -1), b(false, 2)]]} onAnswer={onAnswer} />,
    );
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Mover extremo' }).click();
    tapAt(canvas, linePx(2) + 4);
    const group = screen.getByRole('group', { name: 'Extremo en 2' });
    await expect
      .element(group.getByRole('button', { name: 'Cerrado' }))
      .toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('button', { name: 'Abierto' }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -1), b(true, 2)]]);
    // Clicking the selected bracket again puts the control away.
    tapAt(canvas, linePx(2));
    await expect.element(screen.getByRole('group', { name: 'Extremo en 2' })).not.toBeInTheDocument();
  });

  it('changing tool discards a half-drawn interval', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(0));
    await screen.getByRole('button', { name: 'Borrar' }).click();
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent(/Se descartó el intervalo sin terminar/);
    await screen.getByRole('button', { name: 'Dibujar intervalo' }).click();
    tapAt(canvas, linePx(2));
    expect(onAnswer).not.toHaveBeenCalled();
    tapAt(canvas, linePx(3));
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, 2), b(false, 3)]]);
  });

  it('erases an interval by touching its fill', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <IntervalConsole
        data={null}
        value={[
          [b(false, -3), b(false, -1)],
          [b(true, 1), b(true, 3)],
        ]}
        onAnswer={onAnswer}
      />,
    );
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Borrar' }).click();
    tapAt(canvas, linePx(-2));
    expect(onAnswer).toHaveBeenLastCalledWith([[b(true, 1), b(true, 3)]]);
  });

  it('pans the line with the move tool and zooms with the wheel around the pointer', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Mover la recta' }).click();
    dragOn(canvas, 200, 120);
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('Se ve de −2 a 6.');
    // 2 now sits at the centre; zooming in there keeps it there with 50 px per unit.
    wheelAt(canvas, 200, -100);
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Cada división vale 1; se ve de −1.5 a 5.5.');
    await screen.getByRole('button', { name: 'Dibujar intervalo' }).click();
    tapAt(canvas, 250);
    tapAt(canvas, 200);
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, 2), b(false, 3)]]);
  });

  it('on a narrow phone the board scales down; taps and touch drags still map to values', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <div style={{ width: '300px' }}>
        <IntervalConsole data={null} onAnswer={onAnswer} />
      </div>,
    );
    const canvas = await board(screen);
    expect(canvas.getBoundingClientRect().width).toBeLessThan(301);
    expect(getComputedStyle(screen.getByRole('application').element()).touchAction).toBe('none');
    tapAt(canvas, linePx(-3), 'touch');
    tapAt(canvas, linePx(1.5), 'touch');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -3), b(false, 1.5)]]);
    // A finger 15 px off the bracket still takes it (twice the mouse tolerance).
    dragOn(canvas, linePx(1.5) + 15, linePx(-4), 'touch');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -4), b(false, -3)]]);
  });
});

describe('IntervalConsole with the keyboard', () => {
  it('draws with the cursor and Enter, toggles with Space, crosses brackets with arrows, deletes', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    await screen.getByRole('button', { name: 'Dibujar intervalo' }).click();
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect.element(screen.getByRole('application')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('Cursor en −2.');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -2), b(false, 1.5)]]);
    // The right bracket is selected: Space makes it round.
    await userEvent.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(false, -2), b(true, 1.5)]]);
    // Shift+Tab picks the left bracket; moving it right past the other one swaps them.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent(/Extremo izquierdo de \[−2, 1.5\) elegido/);
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(true, 1.5), b(false, 2)]]);
    await userEvent.keyboard('{End}');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(true, 1.5), b(true, 'inf')]]);
    await userEvent.keyboard('[[');
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Un extremo infinito siempre es abierto.');
    await userEvent.keyboard('{Delete}');
    expect(onAnswer).toHaveBeenLastCalledWith([]);
    await expect.element(screen.getByRole('status').last()).toHaveTextContent(/borrado/);
  });

  it('Home places a bracket at minus infinity; Escape drops a half-drawn interval', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{ArrowRight}{Enter}{Escape}');
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('Primer extremo quitado.');
    await userEvent.keyboard('{Home}{Enter}{End}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([[b(true, 'minusInf'), b(true, 'inf')]]);
  });

  it('zooms with + and −', async () => {
    const screen = await render(<IntervalConsole data={null} />);
    await board(screen);
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('+');
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Cada división vale 1; se ve de −3.5 a 3.5.');
    await userEvent.keyboard('+');
    await expect.element(screen.getByRole('status').last()).toHaveTextContent(/Cada división vale 0.5/);
    await userEvent.keyboard('--');
    await expect.element(screen.getByRole('status').last()).toHaveTextContent(/Cada división vale 1;/);
  });
});

describe('IntervalConsole as a controlled console', () => {
  it('describes a saved answer to screen readers, and follows a new value', async () => {
    const screen = await render(
      <IntervalConsole data={null} value={[[b(false, -2), b(true, 3)]]} label="Resuelve x > 1" />,
    );
    const app = screen.getByRole('application', { name: 'Recta numérica para dibujar intervalos' });
    await expect.element(app).toHaveAccessibleDescription(/Intervalos: \[−2, 3\)\./);
    await expect.element(screen.getByRole('group', { name: 'Resuelve x > 1' })).toBeInTheDocument();
    await screen.rerender(<IntervalConsole data={null} value={[[b(true, 'minusInf'), b(false, 0)]]} />);
    await expect.element(app).toHaveAccessibleDescription(/Intervalos: \(−∞, 0\]\./);
  });

  it('keeps its drawing when the parent does not feed the value back', async () => {
    const screen = await render(<IntervalConsole data={null} value={[]} onAnswer={() => undefined} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(0));
    tapAt(canvas, linePx(1));
    await screen.rerender(<IntervalConsole data={null} value={[]} onAnswer={() => undefined} />);
    await expect
      .element(screen.getByRole('application'))
      .toHaveAccessibleDescription(/Intervalos: \[0, 1\]\./);
  });

  it('shows the feedback text, and the default text when there is none', async () => {
    // Rendered away from where earlier tests left the mouse, which would dismiss a wrong badge.
    const screen = await render(
      <div style={{ paddingTop: '500px' }}>
        <IntervalConsole
          data={null}
          feedback={{ correctAns: false, feedbacks: 'feedback.intervals-check-brackets' }}
        />
      </div>,
    );
    await expect
      .element(screen.getByText('Revisa si los extremos de los intervalos son abiertos o cerrados.'))
      .toBeInTheDocument();
    await screen.rerender(
      <IntervalConsole data={null} lang="en" feedback={{ correctAns: true, feedbacks: '' }} />,
    );
    await expect.element(screen.getByText('Well done!')).toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Draw interval' })).toBeInTheDocument();
  });

  it('keeps a wrong message until an interval is drawn, whatever the hand', async () => {
    const screen = await render(
      <IntervalConsole
        data={null}
        feedback={{ correctAns: false, feedbacks: 'feedback.intervals-check-brackets' }}
      />,
    );
    const message = screen.getByText('Revisa si los extremos de los intervalos son abiertos o cerrados.');
    await expect.element(message).toBeInTheDocument();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-number-line-console')!);
    await expect.element(message).toBeInTheDocument();
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Enter}{ArrowRight}{ArrowRight}{Enter}');
    await expect.element(message).not.toBeInTheDocument();
  });

  it('takes no input while disabled', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<IntervalConsole data={null} disabled onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(0));
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Enter}{ArrowRight}{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('button', { name: 'Borrar' })).toBeDisabled();
    await expect.element(screen.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
  });
});
