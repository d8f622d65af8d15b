import type { MathfieldElement } from 'mathlive';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { MathLine, type MathLineProps } from './math-line';
import { loadMathField } from './mathlive-setup';

async function line(latex: string, onEdit: (latex: string) => void) {
  const mathLive = await loadMathField();
  const props = (value: string): MathLineProps => ({
    mathLive,
    latex: value,
    label: 'Línea 1',
    readOnly: false,
    shortcuts: (defaults) => defaults,
    keyboardPolicy: 'manual',
    onEdit,
    onKey: () => false,
    onCommit: () => false,
    onDeleteBackward: () => false,
    onFocus: () => undefined,
    register: () => undefined,
  });
  const screen = await render(<MathLine {...props(latex)} />);
  const field = () => screen.container.querySelector('math-field') as MathfieldElement;
  await expect.poll(() => field()?.isConnected).toBe(true);
  return { field, rerender: (value: string) => screen.rerender(<MathLine {...props(value)} />) };
}

/** Types into the field as a key does: MathLive inserts, then announces the edit. */
function type(field: MathfieldElement, text: string) {
  field.executeCommand(['insert', text]);
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('MathLine', () => {
  it('keeps keys typed before the console re-renders: an older latex is not written back', async () => {
    const onEdit = vi.fn();
    const { field, rerender } = await line('', onEdit);
    type(field(), '2');
    type(field(), 'x');
    expect(onEdit.mock.calls.map(([latex]) => latex)).toEqual(['2', '2x']);
    // The console renders the first edit only now, then the second.
    await rerender('2');
    expect(field().value).toBe('2x');
    await rerender('2x');
    expect(field().value).toBe('2x');
    expect(onEdit).toHaveBeenCalledTimes(2);
  });

  it('shows a latex the console changed on its own', async () => {
    const onEdit = vi.fn();
    const { field, rerender } = await line('', onEdit);
    type(field(), 'a');
    await rerender('a');
    await rerender('c');
    expect(field().value).toBe('c');
    // A value the field reported long ago is news again once the console has moved past it.
    await rerender('a');
    expect(field().value).toBe('a');
    expect(onEdit.mock.calls.map(([latex]) => latex)).toEqual(['a']);
  });
});
