import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { WidgetStyles } from '../styles';
import { NUMBER_LINE_INITIAL_VIEW } from './number-line';
import { NumberLineBoard, type NumberLineBoardProps, type NumberLineMark } from './number-line-board';
import { dragOn, pointerAt, tapAt, waitForBoard, wheelAt } from './number-line-board.testing';

function props(overrides: Partial<NumberLineBoardProps> = {}): NumberLineBoardProps {
  return {
    view: NUMBER_LINE_INITIAL_VIEW,
    onViewChange: vi.fn(),
    marks: [],
    label: 'Recta',
    description: 'Una recta vacía.',
    loadingText: 'Cargando…',
    ...overrides,
  };
}

const texts = (canvas: HTMLElement) => Array.from(canvas.querySelectorAll('svg text'), (t) => t.textContent);

describe('NumberLineBoard', () => {
  it('is one focusable element with a name and a description; the drawing is hidden from readers', async () => {
    const screen = await render(<NumberLineBoard {...props()} />);
    const app = screen.getByRole('application', { name: 'Recta' });
    await expect.element(app).toHaveAccessibleDescription('Una recta vacía.');
    await expect.element(app).toHaveAttribute('tabindex', '0');
    const canvas = await waitForBoard(screen.container);
    expect(canvas.getAttribute('aria-hidden')).toBe('true');
    expect(canvas.getAttribute('role')).toBeNull();
  });

  it('draws tick labels on the finite part of the axis and the infinities beyond its ends', async () => {
    const screen = await render(<NumberLineBoard {...props()} />);
    const canvas = await waitForBoard(screen.container);
    await expect
      .poll(() => texts(canvas))
      .toEqual(expect.arrayContaining(['−4', '−1', '0', '1', '4', '−∞', '∞']));
    expect(texts(canvas)).not.toContain('5');
  });

  it('draws marks with their values, and redraws when they change', async () => {
    const marks: NumberLineMark[] = [
      { kind: 'fill', from: -2, to: 'inf', tone: 'normal' },
      { kind: 'bracket', at: -2, side: 'left', open: false, tone: 'selected' },
      { kind: 'bracket', at: 'inf', side: 'right', open: true, tone: 'normal' },
      { kind: 'dot', at: 2.5, tone: 'normal' },
    ];
    const screen = await render(<NumberLineBoard {...props({ marks })} />);
    const canvas = await waitForBoard(screen.container);
    await expect.poll(() => texts(canvas)).toEqual(expect.arrayContaining(['−2', '2.5']));
    const before = canvas.querySelectorAll('svg path').length;
    await screen.rerender(<NumberLineBoard {...props({ marks: [{ kind: 'cursor', at: 1.5 }] })} />);
    await expect.poll(() => texts(canvas)).toContain('1.5');
    expect(texts(canvas)).not.toContain('2.5');
    expect(canvas.querySelectorAll('svg path').length).toBeLessThan(before);
  });

  it('reports pointers in logical 400x200 px when shown smaller', async () => {
    const onBoardPointerDown = vi.fn();
    const onBoardPointerMove = vi.fn();
    const onBoardPointerUp = vi.fn();
    const screen = await render(
      <div className="kib-root" style={{ width: '202px' }}>
        <WidgetStyles />
        <NumberLineBoard {...props({ onBoardPointerDown, onBoardPointerMove, onBoardPointerUp })} />
      </div>,
    );
    const canvas = await waitForBoard(screen.container);
    console.log(
      'DBG',
      canvas.getAttribute('style'),
      canvas.parentElement!.getBoundingClientRect().width,
      getComputedStyle(canvas.parentElement!).boxSizing,
      canvas.getBoundingClientRect().width,
    );
    // Inside its 1 px border the canvas keeps the 2:1 shape at half size.
    expect(canvas.getBoundingClientRect().width).toBe(200);
    expect(canvas.getBoundingClientRect().height).toBe(100);
    dragOn(canvas, 300, 100);
    expect(onBoardPointerDown.mock.calls[0]?.[0]).toMatchObject({ px: 300, py: 100, pressed: true });
    expect(onBoardPointerMove).toHaveBeenLastCalledWith(expect.objectContaining({ px: 100, pressed: true }));
    expect(onBoardPointerUp).toHaveBeenCalledTimes(1);
    pointerAt(canvas, 'pointermove', 40);
    expect(onBoardPointerMove).toHaveBeenLastCalledWith(expect.objectContaining({ px: 40 }));
  });

  it('in pan mode a drag moves the line instead of reaching the handlers', async () => {
    const onViewChange = vi.fn();
    const onBoardPointerDown = vi.fn();
    const screen = await render(
      <NumberLineBoard {...props({ onViewChange, onBoardPointerDown, panMode: true })} />,
    );
    const canvas = await waitForBoard(screen.container);
    dragOn(canvas, 200, 150);
    expect(onBoardPointerDown).not.toHaveBeenCalled();
    expect(onViewChange).toHaveBeenCalledWith(expect.objectContaining({ originX: 175 }), 'pan');
    expect(onViewChange).toHaveBeenLastCalledWith({ ...NUMBER_LINE_INITIAL_VIEW, originX: 150 }, 'pan-end');
  });

  it('zooms by 10 px per wheel event around the pointer, and with its buttons', async () => {
    const onViewChange = vi.fn();
    const screen = await render(
      <NumberLineBoard {...props({ onViewChange, zoomLabels: { zoomIn: 'Acercar', zoomOut: 'Alejar' } })} />,
    );
    const canvas = await waitForBoard(screen.container);
    wheelAt(canvas, 280, -120);
    expect(onViewChange).toHaveBeenLastCalledWith({ originX: 180, originY: 100, cell: 50, scale: 1 }, 'zoom');
    await screen.getByRole('button', { name: 'Alejar' }).click();
    expect(onViewChange).toHaveBeenLastCalledWith({ originX: 200, originY: 100, cell: 30, scale: 1 }, 'zoom');
    await screen.getByRole('button', { name: 'Acercar' }).click();
    expect(onViewChange).toHaveBeenLastCalledWith({ originX: 200, originY: 100, cell: 50, scale: 1 }, 'zoom');
  });

  it('takes no pointer input while disabled, but keys still reach the console', async () => {
    const onKeyDown = vi.fn();
    const onBoardPointerDown = vi.fn();
    const onViewChange = vi.fn();
    const screen = await render(
      <NumberLineBoard {...props({ onKeyDown, onBoardPointerDown, onViewChange, disabled: true })} />,
    );
    const canvas = await waitForBoard(screen.container);
    tapAt(canvas, 200);
    wheelAt(canvas, 200, -100);
    expect(onBoardPointerDown).not.toHaveBeenCalled();
    expect(onViewChange).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
    screen.getByRole('application').element().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onKeyDown.mock.calls[0]?.[0]).toMatchObject({ key: 'ArrowLeft' });
  });

  it('reports keyboard focus: not for a click, yes once a key is pressed, no after blur', async () => {
    const onFocusChange = vi.fn();
    const screen = await render(
      <div>
        <NumberLineBoard {...props({ onFocusChange })} />
        <button type="button">Después</button>
      </div>,
    );
    await waitForBoard(screen.container);
    await screen.getByRole('application').click();
    await expect.element(screen.getByRole('application')).toHaveFocus();
    expect(onFocusChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowRight}');
    expect(onFocusChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
    expect(onFocusChange).toHaveBeenLastCalledWith(false);
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(onFocusChange).toHaveBeenLastCalledWith(true);
  });
});
