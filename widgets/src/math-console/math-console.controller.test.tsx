import type { TextAnswer } from '@kib/core';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { useMathConsole, type KeyLike } from './math-console.controller';
import { saved, simplify, wrongSecond } from './math-console.fixtures';
import { lineMark, MAX_LINES } from './math-console.logic';
import type { MathConsoleData, MathConsoleProps } from './math-console.types';

const solve: MathConsoleData = { mathType: 'solve', unknownVariable: 'x' };

/** A key as a math field or an input reports it. */
function key(name: string, modifiers: Partial<KeyLike> = {}): KeyLike {
  return { key: name, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...modifiers };
}

/** The text the live region reads (without the zero-width space that repeats a sentence). */
function announced(region: ReactNode): string {
  return String((region as ReactElement<{ children: string }>).props.children).replace('\u200b', '');
}

async function mathConsole(props: Partial<MathConsoleProps> = {}) {
  const onAnswer = vi.fn();
  const hook = await renderHook((p?: MathConsoleProps) => useMathConsole(p!), {
    initialProps: { data: simplify, lang: 'en', onAnswer, ...props },
  });
  const rerender = (next: Partial<MathConsoleProps>) =>
    hook.rerender({ data: simplify, lang: 'en', onAnswer, ...props, ...next });
  return { ...hook, rerender, onAnswer };
}

const maths = (lines: readonly { math: string }[]) => lines.map((l) => l.math);

describe('useMathConsole lines', () => {
  it('starts from the saved answer, marked by its feedback, the wrong part boxed', async () => {
    const { result } = await mathConsole({ value: saved, feedback: wrongSecond });
    expect(maths(result.current.lines)).toEqual(saved.map((l) => l.math));
    expect(result.current.lines.map(lineMark)).toEqual(['correct', 'wrong', 'correct']);
    expect(result.current.lines[1]?.highlighted).toBe(true);
    expect(result.current.badge).toEqual({ correct: false, text: 'Try again!' });
    expect(result.current.badgeVisible).toBe(true);
  });

  it('starts with one empty line without a saved answer', async () => {
    const { result } = await mathConsole();
    expect(maths(result.current.lines)).toEqual(['']);
    expect(result.current.badge).toBeNull();
  });

  it('reports the whole answer after an edit, and nothing when the LaTeX did not change', async () => {
    const { result, act, onAnswer } = await mathConsole({ value: saved, feedback: wrongSecond });
    await act(() => result.current.edit(1, 'x^2+x+7'));
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith([
      { math: '2x+6+x^2-x+1', solNum: 0 },
      { math: 'x^2+x+7', solNum: 0 },
      { math: 'x^2+x+7', solNum: 0 },
    ]);
    expect(result.current.lines.map(lineMark)).toEqual(['correct', 'none', 'correct']);
    await act(() => result.current.edit(1, 'x^2+x+7'));
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('follows a new value from the parent, but not a late echo of its own answer', async () => {
    const { result, act, rerender, onAnswer } = await mathConsole();
    await act(() => result.current.edit(0, 'a'));
    await act(() => result.current.edit(0, 'ab'));
    await rerender({ value: onAnswer.mock.calls[0]?.[0] as TextAnswer });
    expect(maths(result.current.lines)).toEqual(['ab']);
    await rerender({ value: [{ math: 'z' }, { math: 'w' }] });
    expect(maths(result.current.lines)).toEqual(['z', 'w']);
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });

  it('marks the lines again and announces the marks when new feedback arrives', async () => {
    const { result, act, rerender } = await mathConsole({ value: saved });
    expect(result.current.lines.map(lineMark)).toEqual(['none', 'none', 'none']);
    await rerender({ value: saved, feedback: wrongSecond });
    expect(result.current.lines.map(lineMark)).toEqual(['correct', 'wrong', 'correct']);
    expect(announced(result.current.region)).toBe('Line 1: correct. Line 2: incorrect. Line 3: correct');
    await act(() => result.current.edit(1, 'x^2+5x+8'));
    await act(() => result.current.edit(1, 'x^2+5x+7'));
    await rerender({ value: saved, feedback: wrongSecond });
    expect(result.current.lines[1]?.feedback).toBeNull();
    await rerender({ value: saved, feedback: { ...wrongSecond } });
    expect(result.current.lines.map(lineMark)).toEqual(['correct', 'wrong', 'correct']);
  });

  it('makes a focused line the active one and stops boxing its wrong part', async () => {
    const { result, act } = await mathConsole({ value: saved, feedback: wrongSecond });
    expect(result.current.activeIndex).toBe(0);
    await act(() => result.current.focusLine(1));
    expect(result.current.activeIndex).toBe(1);
    expect(result.current.lines[1]?.highlighted).toBe(false);
    expect(lineMark(result.current.lines[1]!)).toBe('wrong');
  });
});

describe('useMathConsole keys', () => {
  it('Enter adds a line after the current one, announces it and focuses it once its editor is there', async () => {
    const { result, act, rerender, onAnswer } = await mathConsole({ value: saved });
    let handled = false;
    await act(() => {
      handled = result.current.handleKey(0, key('Enter'));
    });
    expect(handled).toBe(true);
    expect(maths(result.current.lines)).toEqual(['2x+6+x^2-x+1', '', 'x^2+5x+7', 'x^2+x+7']);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(announced(result.current.region)).toBe('Line 2 added');
    const focus = vi.fn();
    result.current.register(result.current.lines[1]!.key)({ focus });
    await rerender({ value: saved });
    expect(focus).toHaveBeenCalledTimes(1);
    await rerender({ value: saved });
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('Shift+Enter adds a line at the end, wherever the caret is', async () => {
    const { result, act } = await mathConsole({ value: saved });
    await act(() => result.current.handleKey(0, key('Enter', { shiftKey: true })));
    expect(maths(result.current.lines)).toEqual([...saved.map((l) => l.math), '']);
    expect(announced(result.current.region)).toBe('Line 4 added');
  });

  it('Backspace on an empty line arms it, a second press removes it and focuses the line before', async () => {
    const { result, act, onAnswer } = await mathConsole({ value: [{ math: 'x' }, { math: '' }] });
    const focus = vi.fn();
    result.current.register(result.current.lines[0]!.key)({ focus });
    let handled = false;
    await act(() => {
      handled = result.current.handleKey(1, key('Backspace'));
    });
    expect(handled).toBe(true);
    expect(result.current.lines).toHaveLength(2);
    expect(announced(result.current.region)).toBe('Line 2 is empty: press Backspace again to delete it');
    // A modifier alone does not count as another key.
    await act(() => result.current.handleKey(1, key('Shift', { shiftKey: true })));
    await act(() => result.current.handleKey(1, key('Backspace')));
    expect(maths(result.current.lines)).toEqual(['x']);
    expect(onAnswer).toHaveBeenLastCalledWith([{ math: 'x', solNum: 0 }]);
    expect(announced(result.current.region)).toBe('Line 2 deleted');
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('another key between the two Backspaces starts over', async () => {
    const { result, act } = await mathConsole({ value: [{ math: 'x' }, { math: '' }] });
    await act(() => result.current.handleKey(1, key('Backspace')));
    expect(result.current.handleKey(1, key('a'))).toBe(false);
    await act(() => result.current.handleKey(1, key('Backspace')));
    expect(result.current.lines).toHaveLength(2);
  });

  it('Backspace in a line with text is left to the editor', async () => {
    const { result } = await mathConsole({ value: [{ math: 'x' }, { math: '' }] });
    expect(result.current.handleKey(0, key('Backspace'))).toBe(false);
    expect(result.current.deleteBackward(0)).toBe(false);
  });

  it('never removes the only line', async () => {
    const { result, act, onAnswer } = await mathConsole();
    await act(() => result.current.handleKey(0, key('Backspace')));
    expect(announced(result.current.region)).toBe('The only line cannot be deleted');
    await act(() => result.current.remove(0));
    expect(result.current.lines).toHaveLength(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it(`stops at ${MAX_LINES} lines`, async () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ math: `${i}` }));
    const { result, act, onAnswer } = await mathConsole({ value: full });
    await act(() => result.current.handleKey(3, key('Enter')));
    await act(() => result.current.append());
    await act(() => result.current.commitLine(3));
    expect(result.current.lines).toHaveLength(MAX_LINES);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(announced(result.current.region)).toBe(`No more than ${MAX_LINES} lines can be added`);
  });

  it('the virtual keyboard’s return key adds a line after this one', async () => {
    const { result, act } = await mathConsole({ value: saved });
    await act(() => result.current.commitLine(2));
    expect(maths(result.current.lines)).toEqual([...saved.map((l) => l.math), '']);
  });

  it('Ctrl+M (or Cmd+M) shows the line as LaTeX text and back', async () => {
    const { result, act } = await mathConsole({ value: saved });
    await act(() => result.current.handleKey(1, key('M', { ctrlKey: true, shiftKey: true })));
    expect(result.current.rawKeys.has(result.current.lines[1]!.key)).toBe(true);
    expect(announced(result.current.region)).toBe('Line 2 in LaTeX mode');
    expect(result.current.activeRaw).toBe(false);
    await act(() => result.current.focusLine(1));
    expect(result.current.activeRaw).toBe(true);
    await act(() => result.current.handleKey(1, key('m', { metaKey: true })));
    expect(result.current.rawKeys.size).toBe(0);
    expect(announced(result.current.region)).toBe('Line 2 in math mode');
    expect(result.current.handleKey(1, key('m', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('when disabled, only Ctrl+M works', async () => {
    const { result, act, onAnswer } = await mathConsole({
      value: [{ math: 'x' }, { math: '' }],
      disabled: true,
    });
    expect(result.current.handleKey(0, key('Enter'))).toBe(false);
    expect(result.current.handleKey(1, key('Backspace'))).toBe(false);
    expect(result.current.deleteBackward(1)).toBe(false);
    expect(result.current.commitLine(0)).toBe(false);
    expect(result.current.lines).toHaveLength(2);
    await act(() => result.current.handleKey(0, key('m', { ctrlKey: true })));
    expect(result.current.rawKeys.size).toBe(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('useMathConsole solutions', () => {
  it('a line starts another solution, and joins the one before again', async () => {
    const { result, act, onAnswer } = await mathConsole({
      data: solve,
      value: [{ math: 'x=2' }, { math: 'x=-5' }],
    });
    expect(result.current.isSolve).toBe(true);
    expect(result.current.solutions).toBe(1);
    await act(() => result.current.toggleSolution(1));
    expect(result.current.solutions).toBe(2);
    expect(onAnswer).toHaveBeenLastCalledWith([
      { math: 'x=2', solNum: 0 },
      { math: 'x=-5', solNum: 1 },
    ]);
    expect(announced(result.current.region)).toBe('Line 2 starts solution 2');
    await act(() => result.current.toggleSolution(1));
    expect(result.current.solutions).toBe(1);
    expect(announced(result.current.region)).toBe('Line 2 continues solution 1');
  });

  it('is not a solve for the other math types', async () => {
    const { result } = await mathConsole();
    expect(result.current.isSolve).toBe(false);
  });
});
