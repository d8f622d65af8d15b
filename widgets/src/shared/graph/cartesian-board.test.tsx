import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { WidgetStyles } from '../styles';
import { readyBoard } from './board-testing';
import { CartesianBoard, type CartesianBoardProps } from './cartesian-board';
import { initialCartesianView } from './cartesian';
import { GraphToolbar } from './graph-toolbar';

const SIZE = { width: 450, height: 350 };

function Board(props: Partial<CartesianBoardProps>) {
  return (
    <div className="kib-root">
      <WidgetStyles />
      <CartesianBoard
        size={SIZE}
        view={initialCartesianView()}
        scene={{}}
        label="Plano"
        description="Sin puntos."
        instructions="Flechas: mover el cursor."
        cursor={{ x: 0, y: 0 }}
        {...props}
      />
    </div>
  );
}

const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('svg text')].map((n) => n.textContent);

describe('CartesianBoard', () => {
  it('is one focusable element with a name, the content and the keyboard help as its description', async () => {
    const screen = await render(<Board />);
    const app = screen.getByRole('application', { name: 'Plano' });
    await expect.element(app).toHaveAccessibleDescription('Sin puntos. Flechas: mover el cursor.');
    await expect.element(app).toHaveAttribute('tabindex', '0');
  });

  it('draws labelled axes on a 1-2-5 grid, in multiples of π in the To Radians mode', async () => {
    const screen = await render(<Board />);
    await readyBoard(screen.container);
    await expect
      .poll(() => labels(screen.container))
      .toEqual(expect.arrayContaining(['1', '6', '−1', '3', '0']));
    await screen.rerender(<Board view={{ ...initialCartesianView(), scale: 2, cell: 90 }} />);
    await expect.poll(() => labels(screen.container)).toContain('4');
    expect(labels(screen.container)).not.toContain('1');
    await screen.rerender(<Board view={initialCartesianView(true)} />);
    await expect
      .poll(() => labels(screen.container))
      .toEqual(expect.arrayContaining(['π/2', 'π', '3π/2', '2π']));
  });

  it('reports presses in logical pixels and plane units, also when drawn at phone width', async () => {
    const onPointer = vi.fn();
    const screen = await render(
      <div style={{ width: '300px' }}>
        <Board onPointer={onPointer} />
      </div>,
    );
    const driver = await readyBoard(screen.container);
    expect(driver.surface().getBoundingClientRect().width).toBeLessThanOrEqual(300);
    await driver.tap(150, 100);
    const down = onPointer.mock.calls[0]![0];
    expect(down.phase).toBe('down');
    expect(down.px).toBeCloseTo(150, 0);
    expect(down.point.x).toBeCloseTo(1, 1);
    expect(down.point.y).toBeCloseTo(2, 1);
    expect(onPointer.mock.calls.at(-1)![0].phase).toBe('up');
  });

  it('reports moves only while pressed', async () => {
    const onPointer = vi.fn();
    const screen = await render(<Board onPointer={onPointer} />);
    const driver = await readyBoard(screen.container);
    driver
      .surface()
      .dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerId: 3, clientX: 5, clientY: 5 }),
      );
    expect(onPointer).not.toHaveBeenCalled();
    await driver.drag([100, 100], [120, 100], { steps: 2 });
    expect(onPointer.mock.calls.map((c) => c[0].phase)).toEqual(['down', 'move', 'move', 'up']);
  });

  it('turns keys into commands and leaves Tab alone', async () => {
    const onCommand = vi.fn();
    const screen = await render(
      <>
        <Board onCommand={onCommand} />
        <button type="button">después</button>
      </>,
    );
    (screen.container.querySelector('[role="application"]') as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}{Enter}+');
    expect(onCommand.mock.calls.map((c) => c[0].type)).toEqual(['step', 'activate', 'zoom']);
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'después' })).toHaveFocus();
  });

  it('zooms with the wheel without scrolling the page', async () => {
    const onZoom = vi.fn();
    const screen = await render(<Board onZoom={onZoom} />);
    const driver = await readyBoard(screen.container);
    const wheel = new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true });
    driver.surface().dispatchEvent(wheel);
    driver.surface().dispatchEvent(new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true }));
    expect(onZoom.mock.calls).toEqual([[-1], [1]]);
    expect(wheel.defaultPrevented).toBe(true);
  });

  it('shows the keyboard cursor and its coordinates only with keyboard focus', async () => {
    const screen = await render(
      <>
        <button type="button">antes</button>
        <Board cursor={{ x: 1, y: -0.5 }} />
      </>,
    );
    await readyBoard(screen.container);
    await screen.getByRole('button', { name: 'antes' }).click();
    await userEvent.tab();
    await expect.element(screen.getByText('(1, −0.5)')).toBeVisible();
    await userEvent.tab();
    await expect.element(screen.getByText('(1, −0.5)')).not.toBeInTheDocument();
  });

  it('reports nothing while disabled', async () => {
    const onPointer = vi.fn();
    const onCommand = vi.fn();
    const screen = await render(<Board onPointer={onPointer} onCommand={onCommand} disabled />);
    const driver = await readyBoard(screen.container);
    await driver.tap(100, 100);
    driver.surface().focus();
    await userEvent.keyboard('{Enter}');
    expect(onPointer).not.toHaveBeenCalled();
    expect(onCommand).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('GraphToolbar', () => {
  it('is one Tab stop; the arrows, Home and End move between its enabled buttons', async () => {
    const screen = await render(
      <>
        <GraphToolbar label="Herramientas">
          <button type="button">Uno</button>
          <button type="button" disabled>
            Dos
          </button>
          <button type="button">Tres</button>
          <button type="button">Cuatro</button>
        </GraphToolbar>
        <button type="button">Fuera</button>
      </>,
    );
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Uno' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('button', { name: 'Tres' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('button', { name: 'Cuatro' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('button', { name: 'Uno' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Fuera' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect.element(screen.getByRole('button', { name: 'Cuatro' })).toHaveFocus();
  });
});
