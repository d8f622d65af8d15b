import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { HandwritingPad } from './handwriting-pad';

type Screen = Awaited<ReturnType<typeof render>>;

const canvasOf = (screen: Screen) => screen.container.querySelector('canvas') as HTMLCanvasElement;

/** Draws a stroke through canvas-pixel points with pointer events, as a finger would. */
function stroke(canvas: HTMLCanvasElement, points: Array<[number, number]>, pointerType = 'touch') {
  const rect = canvas.getBoundingClientRect();
  const at = ([x, y]: [number, number]) => ({
    clientX: rect.left + (x * rect.width) / canvas.width,
    clientY: rect.top + (y * rect.height) / canvas.height,
    pointerId: 7,
    pointerType,
    isPrimary: true,
    bubbles: true,
    button: 0,
  });
  const [first, ...rest] = points;
  if (!first) return;
  canvas.dispatchEvent(new PointerEvent('pointerdown', at(first)));
  for (const p of rest) canvas.dispatchEvent(new PointerEvent('pointermove', at(p)));
  canvas.dispatchEvent(new PointerEvent('pointerup', at(rest.at(-1) ?? first)));
}

const alphaAt = (canvas: HTMLCanvasElement, x: number, y: number) =>
  canvas.getContext('2d')!.getImageData(x, y, 1, 1).data[3];

async function pixelsOf(file: File, x: number, y: number) {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return Array.from(context.getImageData(x, y, 1, 1).data);
}

describe('HandwritingPad', () => {
  it('draws with pointer events on a canvas that does not scroll the page', async () => {
    const screen = await render(<HandwritingPad onLatex={vi.fn()} />);
    const canvas = canvasOf(screen);
    await expect.element(screen.getByRole('img', { name: /Área de dibujo/ })).toBeInTheDocument();
    expect(getComputedStyle(canvas).touchAction).toBe('none');
    expect(alphaAt(canvas, 150, 150)).toBe(0);
    stroke(canvas, [
      [100, 150],
      [200, 150],
    ]);
    expect(alphaAt(canvas, 150, 150)).toBeGreaterThan(0);
  });

  it('erases in erase mode and wipes everything with Clear', async () => {
    const screen = await render(<HandwritingPad onLatex={vi.fn()} lang="en" />);
    const canvas = canvasOf(screen);
    stroke(
      canvas,
      [
        [100, 100],
        [300, 100],
      ],
      'mouse',
    );
    stroke(canvas, [
      [100, 200],
      [300, 200],
    ]);
    await screen.getByRole('button', { name: 'Eraser' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'Eraser' }))
      .toHaveAttribute('aria-pressed', 'true');
    stroke(canvas, [
      [150, 100],
      [250, 100],
    ]);
    expect(alphaAt(canvas, 200, 100)).toBe(0);
    expect(alphaAt(canvas, 200, 200)).toBeGreaterThan(0);
    await screen.getByRole('button', { name: 'Clear' }).click();
    expect(alphaAt(canvas, 200, 200)).toBe(0);
    expect(alphaAt(canvas, 110, 100)).toBe(0);
    await expect.element(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
  });

  it('draws with a real mouse click', async () => {
    const screen = await render(<HandwritingPad onLatex={vi.fn()} />);
    const canvas = canvasOf(screen);
    const rect = canvas.getBoundingClientRect();
    await screen.getByRole('img').click({ position: { x: rect.width / 2, y: rect.height / 2 } });
    expect(alphaAt(canvas, 300, 150)).toBeGreaterThan(0);
  });

  it('sends a white-background PNG named canvas-image.png and hands over the LaTeX', async () => {
    let sent: File | undefined;
    const recognize = vi.fn(async (file: File) => {
      sent = file;
      return "{'latex': 'x^2'}\n";
    });
    const onLatex = vi.fn();
    const screen = await render(<HandwritingPad onLatex={onLatex} recognize={recognize} />);
    stroke(canvasOf(screen), [
      [100, 150],
      [200, 150],
    ]);
    await screen.getByRole('button', { name: 'Convertir' }).click();
    await expect.poll(() => onLatex.mock.calls).toEqual([['x^2']]);
    expect(sent?.name).toBe('canvas-image.png');
    expect(sent?.type).toBe('image/png');
    expect(await pixelsOf(sent!, 5, 5)).toEqual([255, 255, 255, 255]);
    const ink = await pixelsOf(sent!, 150, 150);
    expect(ink[0]).toBeLessThan(100);
    expect(ink[3]).toBe(255);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('');
  });

  it.each([
    ['an HTML page', async () => '<!doctype html><script>document.write(1)</script>'],
    ['text that is not JSON', async () => 'oops'],
    ['JSON without latex', async () => '{"data": 1}'],
    ['a failed request', async () => Promise.reject(new Error('network'))],
  ])('shows a dismissible WrongLatex alert for %s', async (_, reply) => {
    const onLatex = vi.fn();
    const screen = await render(<HandwritingPad onLatex={onLatex} recognize={reply} lang="en" />);
    stroke(canvasOf(screen), [
      [10, 10],
      [20, 20],
    ]);
    await screen.getByRole('button', { name: 'Convert' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('We could not read the expression. Try again.');
    expect(onLatex).not.toHaveBeenCalled();
    await screen.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('disables Convert with an explanation when recognition is not configured', async () => {
    const screen = await render(<HandwritingPad onLatex={vi.fn()} lang="en" />);
    stroke(canvasOf(screen), [
      [10, 10],
      [20, 20],
    ]);
    const convert = screen.getByRole('button', { name: 'Convert' });
    await expect.element(convert).toBeDisabled();
    await expect
      .element(convert)
      .toHaveAccessibleDescription(
        'Handwriting recognition is not configured on this Kib, so Convert is off: type the expression in the answer field.',
      );
  });

  it('is usable from the keyboard: the tools are buttons', async () => {
    const recognize = vi.fn(async () => '{"latex":"1"}');
    const onLatex = vi.fn();
    const screen = await render(<HandwritingPad onLatex={onLatex} recognize={recognize} lang="en" />);
    stroke(canvasOf(screen), [
      [10, 10],
      [20, 20],
    ]);
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Draw' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('button', { name: 'Eraser' }))
      .toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onLatex.mock.calls).toEqual([['1']]);
  });

  it('draws nothing and sends nothing when disabled', async () => {
    const recognize = vi.fn(async () => '{"latex":"1"}');
    const screen = await render(<HandwritingPad onLatex={vi.fn()} recognize={recognize} disabled />);
    const canvas = canvasOf(screen);
    stroke(canvas, [
      [100, 150],
      [200, 150],
    ]);
    expect(alphaAt(canvas, 150, 150)).toBe(0);
    await expect.element(screen.getByRole('button', { name: 'Convertir' })).toBeDisabled();
  });
});
