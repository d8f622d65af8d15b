import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { dragOn, linePx, tapAt, waitForBoard, wheelAt } from '../shared/graph/number-line-board.testing';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { NumberlineConsole } from './numberline-console';

type Screen = Awaited<ReturnType<typeof render>>;

const board = (screen: Screen) => waitForBoard(screen.container);
const lastStatus = (screen: Screen) => screen.getByRole('status').last();

describe('NumberlineConsole with a mouse', () => {
  it('places a dot with a click at a pixel position, snapped to half a step, then switches to moving', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    // The board has a 1 px border around its 400x200 canvas; 1.4 snaps to 1.5.
    await screen.getByRole('application').click({ position: { x: linePx(1.4) + 1, y: 101 } });
    expect(onAnswer).toHaveBeenLastCalledWith([1.5]);
    await expect
      .element(screen.getByRole('button', { name: 'Mover punto' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(lastStatus(screen)).toHaveTextContent('Punto colocado en 1.5.');
  });

  it('places several dots, refuses one on top of another, drags and erases', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(-2));
    await screen.getByRole('button', { name: 'Colocar punto' }).click();
    tapAt(canvas, linePx(3));
    expect(onAnswer).toHaveBeenLastCalledWith([-2, 3]);
    await screen.getByRole('button', { name: 'Colocar punto' }).click();
    tapAt(canvas, linePx(3) + 4);
    expect(onAnswer).toHaveBeenCalledTimes(2);
    await expect.element(lastStatus(screen)).toHaveTextContent('Ya hay un punto en 3.');
    await screen.getByRole('button', { name: 'Mover punto' }).click();
    dragOn(canvas, linePx(-2) + 6, linePx(0.5));
    expect(onAnswer).toHaveBeenCalledTimes(3);
    expect(onAnswer).toHaveBeenLastCalledWith([0.5, 3]);
    await screen.getByRole('button', { name: 'Borrar', exact: true }).click();
    tapAt(canvas, linePx(3) - 8);
    expect(onAnswer).toHaveBeenLastCalledWith([0.5]);
  });

  it('pressing and dragging places a dot and carries it along', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    dragOn(canvas, linePx(0), linePx(-3));
    expect(onAnswer.mock.calls).toEqual([[[0]], [[-3]]]);
  });

  it('beyond the axis ends a dot goes to the last visible value, not to infinity', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, 395);
    expect(onAnswer).toHaveBeenLastCalledWith([4]);
  });

  it('the selected dot can be erased with its button; clicking it again lets it go', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} value={[1, 2]} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Mover punto' }).click();
    tapAt(canvas, linePx(2));
    await expect.element(lastStatus(screen)).toHaveTextContent('Punto en 2 elegido.');
    tapAt(canvas, linePx(2));
    await expect.element(screen.getByRole('button', { name: 'Borrar el punto 2' })).not.toBeInTheDocument();
    tapAt(canvas, linePx(1));
    await screen.getByRole('button', { name: 'Borrar el punto 1' }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([2]);
  });

  it('pans with the move tool and zooms with the wheel and the buttons', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    const canvas = await board(screen);
    await screen.getByRole('button', { name: 'Mover la recta' }).click();
    dragOn(canvas, 200, 280);
    await expect.element(lastStatus(screen)).toHaveTextContent('Se ve de −6 a 2.');
    wheelAt(canvas, 200, 100);
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 1; se ve de −7.5 a 3.5.');
    await screen.getByRole('button', { name: 'Alejar' }).click();
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 2; se ve de −9 a 5.');
    await screen.getByRole('button', { name: 'Acercar' }).click();
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 1; se ve de −7.5 a 3.5.');
    await screen.getByRole('button', { name: 'Colocar punto' }).click();
    // −2 sits at the centre with 30 px per unit, so 0 is 60 px to its right.
    tapAt(canvas, 260);
    expect(onAnswer).toHaveBeenLastCalledWith([0]);
  });

  it('on a narrow phone taps with a finger map to the scaled canvas', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <div style={{ width: '300px' }}>
        <NumberlineConsole data={null} onAnswer={onAnswer} />
      </div>,
    );
    const canvas = await board(screen);
    expect(canvas.getBoundingClientRect().width).toBeLessThan(301);
    tapAt(canvas, linePx(-2.5), 'touch');
    expect(onAnswer).toHaveBeenLastCalledWith([-2.5]);
    dragOn(canvas, linePx(-2.5) + 16, linePx(1), 'touch');
    expect(onAnswer).toHaveBeenLastCalledWith([1]);
  });
});

describe('NumberlineConsole with the keyboard', () => {
  it('places, picks, moves past another dot and deletes dots', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    await screen.getByRole('button', { name: 'Colocar punto' }).click();
    await userEvent.keyboard('{Tab}{Tab}{Tab}{Tab}');
    await expect.element(screen.getByRole('application')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(lastStatus(screen)).toHaveTextContent('Cursor en 1.');
    await userEvent.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([1]);
    // The new dot is picked: Enter lets it go, the cursor moves on, Enter places another.
    await userEvent.keyboard('{Enter}{Shift>}{ArrowRight}{/Shift}{Enter}{Escape}');
    expect(onAnswer).toHaveBeenLastCalledWith([1, 2]);
    // Tab picks the dot at 1; a whole step right would land on 2, so it jumps to 3.
    await userEvent.keyboard('{Tab}');
    await expect.element(lastStatus(screen)).toHaveTextContent('Punto en 1 elegido.');
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(onAnswer).toHaveBeenLastCalledWith([3, 2]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(onAnswer).toHaveBeenLastCalledWith([2.5, 2]);
    await userEvent.keyboard('{End}');
    expect(onAnswer).toHaveBeenLastCalledWith([4, 2]);
    await userEvent.keyboard('{Delete}');
    expect(onAnswer).toHaveBeenLastCalledWith([2]);
    await expect.element(lastStatus(screen)).toHaveTextContent('Punto 4 borrado.');
  });

  it('the cursor pans the line to stay visible; + and − zoom', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} onAnswer={onAnswer} />);
    await board(screen);
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Shift>}' + '{ArrowRight}'.repeat(7) + '{/Shift}{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith([7]);
    await expect.element(screen.getByRole('application')).toHaveAccessibleDescription(/Se ve de −1 a 7.5;/);
    // Zooming keeps the cursor's value (7) where it is on screen.

    await userEvent.keyboard('-');
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 1; se ve de −4 a 7.5.');
    await userEvent.keyboard('-');
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 2; se ve de −6 a 7.');
    await userEvent.keyboard('+');
    await expect.element(lastStatus(screen)).toHaveTextContent('Cada división vale 1; se ve de −4 a 7.5.');
  });
});

describe('NumberlineConsole as a controlled console', () => {
  it('restores a saved answer, describes it, and follows a new value', async () => {
    const screen = await render(<NumberlineConsole data={null} value={[3, -1.5]} label="Ubica −1.5 y 3" />);
    const app = screen.getByRole('application', { name: 'Recta numérica para colocar puntos' });
    await expect.element(app).toHaveAccessibleDescription(/Puntos en: −1.5, 3\./);
    await expect.element(screen.getByRole('group', { name: 'Ubica −1.5 y 3' })).toBeInTheDocument();
    await screen.rerender(<NumberlineConsole data={null} value={[0]} />);
    await expect.element(app).toHaveAccessibleDescription(/Puntos en: 0\./);
  });

  it('keeps its dots when the parent does not feed the value back', async () => {
    const screen = await render(<NumberlineConsole data={null} value={[]} onAnswer={() => undefined} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(2));
    await screen.rerender(<NumberlineConsole data={null} value={[]} onAnswer={() => undefined} />);
    await expect.element(screen.getByRole('application')).toHaveAccessibleDescription(/Puntos en: 2\./);
  });

  it('shows the feedback text in the chosen language, and the default text when there is none', async () => {
    const screen = await render(
      <div style={{ paddingTop: '500px' }}>
        <NumberlineConsole
          data={null}
          lang="en"
          feedback={{ correctAns: false, feedbacks: 'feedback.numberline-missing-points' }}
        />
      </div>,
    );
    await expect.element(screen.getByRole('button', { name: 'Place point' })).toBeInTheDocument();
    await expect
      .element(screen.getByText(/Your points are right, but some points are still missing/))
      .toBeInTheDocument();
    await screen.rerender(
      <div style={{ paddingTop: '500px' }}>
        <NumberlineConsole data={null} feedback={{ correctAns: false, feedbacks: '' }} />
      </div>,
    );
    await expect.element(screen.getByText('¡Intenta de nuevo!')).toBeInTheDocument();
  });

  it('keeps a wrong message until a point is placed, whatever the hand', async () => {
    const screen = await render(
      <NumberlineConsole
        data={null}
        feedback={{ correctAns: false, feedbacks: 'feedback.numberline-missing-points' }}
      />,
    );
    const message = screen.getByText(/faltan puntos por colocar/);
    await expect.element(message).toBeInTheDocument();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-number-line-console')!);
    await expect.element(message).toBeInTheDocument();
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(message).not.toBeInTheDocument();
  });

  it('takes no input while disabled', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<NumberlineConsole data={null} value={[1]} disabled onAnswer={onAnswer} />);
    const canvas = await board(screen);
    tapAt(canvas, linePx(0));
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{Enter}{Tab}{Delete}');
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('button', { name: 'Colocar punto' })).toBeDisabled();
  });
});
