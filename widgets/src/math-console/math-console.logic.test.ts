import { describe, expect, it } from 'vitest';
import {
  appendLine,
  applyFeedback,
  backspaceAction,
  clearHighlight,
  displayedLatex,
  editLine,
  emptyLine,
  fontFacesFromCss,
  highlightedLatex,
  inlineShortcutsFor,
  insertLineAfter,
  lineMark,
  linesFromAnswer,
  MAX_LINES,
  rangeInLine,
  removeLine,
  setStartsSolution,
  solutionOrdinal,
  startsSolution,
  symbolNames,
  syncFromValue,
  toAnswer,
  type EditorLine,
} from './math-console.logic';

function keys() {
  let n = 0;
  return () => `k${n++}`;
}

function lines(...maths: string[]): EditorLine[] {
  return maths.map((math, i) => ({ ...emptyLine(`l${i}`), math }));
}

const wrong = {
  correct: false,
  feedback: { key: 'feedback.sign-error', params: {} },
  highlightRange: [4, 6] as [number, number],
  highlightLatex: '5x',
};

describe('building lines from an answer', () => {
  it('starts with one empty line when there is no answer', () => {
    expect(toAnswer(linesFromAnswer(null, keys()))).toEqual([{ math: '', solNum: 0 }]);
    expect(toAnswer(linesFromAnswer([], keys()))).toEqual([{ math: '', solNum: 0 }]);
  });
  it('restores a saved answer, a missing solNum read as 0', () => {
    const restored = linesFromAnswer([{ math: 'x+1=2' }, { math: 'x=1', solNum: 1 }], keys());
    expect(toAnswer(restored)).toEqual([
      { math: 'x+1=2', solNum: 0 },
      { math: 'x=1', solNum: 1 },
    ]);
    expect(restored.map((l) => l.key)).toEqual(['k0', 'k1']);
    expect(restored.every((l) => lineMark(l) === 'none')).toBe(true);
  });
});

describe('following the value', () => {
  it('changes nothing for an echo of its own answer', () => {
    const current = lines('a', 'b');
    expect(syncFromValue(current, [{ math: 'a', solNum: 0 }, { math: 'b' }], keys())).toBe(current);
  });
  it('keeps keys by position and the marks of unchanged lines only', () => {
    const marked = applyFeedback(lines('a', 'b'), { correct: false, lines: [{ correct: true }, wrong] });
    const next = syncFromValue(marked, [{ math: 'a' }, { math: 'c' }, { math: 'd' }], keys());
    expect(next.map((l) => l.key)).toEqual(['l0', 'l1', 'k0']);
    expect(next.map(lineMark)).toEqual(['correct', 'none', 'none']);
    expect(next[0]).toBe(marked[0]);
  });
  it('goes back to one empty line when the value is cleared', () => {
    expect(toAnswer(syncFromValue(lines('a', 'b'), null, keys()))).toEqual([{ math: '', solNum: 0 }]);
  });
});

describe('feedback', () => {
  it('gives line i the verdict lines[i] and highlights a wrong line with a located part', () => {
    const marked = applyFeedback(lines('x^2+5x+7', 'y', 'z'), {
      correct: false,
      lines: [wrong, { correct: true }],
    });
    expect(marked.map(lineMark)).toEqual(['wrong', 'correct', 'none']);
    expect(marked.map((l) => l.highlighted)).toEqual([true, false, false]);
  });
  it('leaves an empty line the checker judged neutral unmarked, neither right nor wrong', () => {
    const marked = applyFeedback(lines('x=2', ''), {
      correct: false,
      lines: [{ correct: true }, { correct: false, neutral: true }],
    });
    expect(marked.map(lineMark)).toEqual(['correct', 'none']);
  });
  it('null feedback clears every mark', () => {
    const marked = applyFeedback(lines('a'), { correct: true, lines: [{ correct: true }] });
    expect(applyFeedback(marked, null).map(lineMark)).toEqual(['none']);
  });
  it('an edit clears the edited line’s mark, feedback and highlight, and no other', () => {
    const marked = applyFeedback(lines('x^2+5x+7', 'b'), {
      correct: false,
      lines: [wrong, { correct: true }],
    });
    const edited = editLine(marked, 0, 'x^2+6x+7');
    expect(edited[0]).toMatchObject({ math: 'x^2+6x+7', feedback: null, highlighted: false });
    expect(edited.map(lineMark)).toEqual(['none', 'correct']);
  });
  it('focusing a line stops its highlight but keeps its mark', () => {
    const marked = applyFeedback(lines('x^2+5x+7'), { correct: false, lines: [wrong] });
    const focused = clearHighlight(marked, 0);
    expect(focused[0]).toMatchObject({ highlighted: false });
    expect(lineMark(focused[0]!)).toBe('wrong');
    expect(clearHighlight(focused, 0)).toBe(focused);
  });
  it('shows the wrong part boxed only while highlighted', () => {
    const [line] = applyFeedback(lines('x^2+5x+7'), { correct: false, lines: [wrong] });
    expect(displayedLatex(line!)).toBe('x^2+\\bbox[kibhighlight,border:2px dashed]{5x}+7');
    expect(displayedLatex({ ...line!, highlighted: false })).toBe('x^2+5x+7');
  });
});

describe('inserting, appending and removing lines', () => {
  it('Enter inserts an empty line right after the current one, in its solution', () => {
    const start = lines('a', 'b', 'c').map((l, i) => ({ ...l, solNum: i === 2 ? 1 : 0 }));
    const next = insertLineAfter(start, 1, 'new')!;
    expect(next.map((l) => l.math)).toEqual(['a', 'b', '', 'c']);
    expect(next[2]).toMatchObject({ key: 'new', solNum: 0 });
  });
  it('Shift+Enter appends an empty line at the end, in the last solution', () => {
    const start = lines('a', 'b').map((l, i) => ({ ...l, solNum: i }));
    const next = appendLine(start, 'new')!;
    expect(next.map((l) => l.math)).toEqual(['a', 'b', '']);
    expect(next[2]).toMatchObject({ key: 'new', solNum: 1 });
  });
  it(`never goes past ${MAX_LINES} lines`, () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => emptyLine(`f${i}`));
    expect(insertLineAfter(full, 0, 'x')).toBeNull();
    expect(appendLine(full, 'x')).toBeNull();
  });
  it('removes a line and moves the focus to the previous one', () => {
    expect(removeLine(lines('a', 'b', 'c'), 2)).toEqual({ lines: lines('a', 'b'), focusIndex: 1 });
    const first = removeLine(lines('a', 'b'), 0)!;
    expect(first.lines.map((l) => l.math)).toEqual(['b']);
    expect(first.focusIndex).toBe(0);
  });
  it('never removes the last remaining line', () => {
    expect(removeLine(lines(''), 0)).toBeNull();
  });
});

describe('Backspace on an empty line', () => {
  const cases: [string, EditorLine[], number, string | null, string][] = [
    ['edits a line with text', lines('a', 'b'), 0, null, 'edit'],
    ['arms on the first press', lines('a', ''), 1, null, 'arm'],
    ['removes on the second press on the same line', lines('a', ''), 1, 'l1', 'remove'],
    ['arms again when another line was armed', lines('', ''), 1, 'l0', 'arm'],
    ['keeps the only line', lines(''), 0, 'l0', 'keep-last'],
    ['treats spaces as empty', lines('a', '  '), 1, 'l1', 'remove'],
  ];
  it.each(cases)('%s', (_title, ls, index, armed, action) => {
    expect(backspaceAction(ls, index, armed)).toBe(action);
  });
});

describe('solutions', () => {
  it('marks a line and the rest of its branch as another solution, and joins them back', () => {
    const start = lines('a', 'b', 'c', 'd');
    const split = setStartsSolution(start, 2, true);
    expect(split.map((l) => l.solNum)).toEqual([0, 0, 1, 1]);
    expect(startsSolution(split, 2)).toBe(true);
    expect(startsSolution(split, 3)).toBe(false);
    expect(solutionOrdinal(split, 3)).toBe(2);
    const third = setStartsSolution(split, 3, true);
    expect(third.map((l) => l.solNum)).toEqual([0, 0, 1, 2]);
    const joined = setStartsSolution(third, 2, false);
    expect(joined.map((l) => l.solNum)).toEqual([0, 0, 0, 1]);
  });
  it('never changes the first line, nor a line already in the asked state', () => {
    const start = lines('a', 'b');
    expect(setStartsSolution(start, 0, true)).toBe(start);
    expect(setStartsSolution(start, 1, false)).toBe(start);
  });
  it('numbers solutions compactly after a toggle', () => {
    const restored = lines('a', 'b', 'c').map((l, i) => ({ ...l, solNum: [3, 3, 7][i]! }));
    expect(setStartsSolution(restored, 1, true).map((l) => l.solNum)).toEqual([0, 1, 2]);
  });
});

describe('boxing the wrong part', () => {
  const cases: [string, string, [number, number], string | null][] = [
    ['a term', 'x^2+5x+7', [4, 6], '5x'],
    ['the constant, not the same digit earlier in the line', 'x^{2}+2x+2', [9, 10], '2'],
    ['the second of two equal terms', '2(x+2)+2', [7, 8], '2'],
    ['brackets with \\left and \\right', '2\\left(x+3\\right)-1', [1, 17], '\\left(x+3\\right)'],
    ['a fraction with its braces', '3+\\frac{x}{2}', [2, 13], '\\frac{x}{2}'],
    ['not half a group', 'x^{2}+1', [2, 4], null],
    ['not the middle of a command', '\\frac{1}{2}', [2, 5], null],
    ['not a digit inside a number', '12+x', [1, 2], null],
    ['not outside the line', 'x+1', [2, 9], null],
    ['not an empty range', 'x+1', [1, 1], null],
  ];
  it.each(cases)('%s', (_title, latex, range, found) => {
    const r = rangeInLine(latex, range);
    expect(r ? latex.slice(r.start, r.end) : null).toBe(found);
  });
  it('boxes a script part inside braces so it stays one argument', () => {
    expect(highlightedLatex('x^2+1', [2, 3])).toBe('x^{\\bbox[kibhighlight,border:2px dashed]{2}}+1');
    expect(highlightedLatex('\\frac1x', [6, 7])).toBe('\\frac1{\\bbox[kibhighlight,border:2px dashed]{x}}');
    expect(highlightedLatex('y=x', [2, 3])).toBe('y=\\bbox[kibhighlight,border:2px dashed]{x}');
    expect(highlightedLatex('x+1', undefined)).toBeNull();
  });
  it('boxes exactly the range when the same part occurs twice', () => {
    expect(highlightedLatex('x^{2}+2x+2', [9, 10])).toBe(
      'x^{2}+2x+\\bbox[kibhighlight,border:2px dashed]{2}',
    );
  });
});

describe('inline shortcuts', () => {
  const defaults = {
    xx: '\\times',
    in: '\\in',
    pi: '\\pi',
    sin: '\\sin',
    xi: '\\xi',
    theta: '\\theta',
    '<=': '\\le',
    cm: 'cm',
  };
  it('drops letter shortcuts that would swallow products, keeps functions, Greek and symbols', () => {
    const out = inlineShortcutsFor(defaults, {}, 'en');
    expect(Object.keys(out).sort()).toEqual(['<=', 'pi', 'sin', 'theta']);
  });
  it('drops a kept shortcut spelled by the problem’s single-letter symbols', () => {
    const symbols = ['h', 'e', 'a'].map((latex, i) => ({ id: `sym00${i}`, latex }));
    const out = inlineShortcutsFor(defaults, { unknownVariable: 't', definedSymbols: symbols }, 'en');
    expect(out).not.toHaveProperty('theta');
    expect(out).toHaveProperty('pi');
  });
  it('adds the problem’s multi-letter names, and sen for sine in Spanish', () => {
    const out = inlineShortcutsFor(
      defaults,
      {
        functions: [{ id: 'ffffff', latex: '\\operatorname{area}(r)' }],
        units: [{ id: 'uuuuuu', latex: 'cm' }],
      },
      'es',
    );
    expect(out).toMatchObject({ area: '\\mathrm{area}', cm: '\\mathrm{cm}', sen: '\\sin' });
    expect(inlineShortcutsFor(defaults, {}, 'en')).not.toHaveProperty('sen');
  });
  it('reads single letters and names from every list', () => {
    const { letters, names } = symbolNames({
      unknownVariable: 'x, y',
      constant: [{ id: 'cccccc', latex: 'g=9.8' }],
      definedSymbols: [{ id: 'dddddd', latex: 'ab' }],
      functions: [{ id: 'ffffff', latex: 'f(x)' }],
    });
    expect([...letters].sort()).toEqual(['a', 'b', 'f', 'g', 'x', 'y']);
    expect(names.size).toBe(0);
  });
});

describe('font faces', () => {
  it('reads family, url and descriptors of each @font-face rule', () => {
    const css =
      '/* v */@font-face{font-display:"swap";font-family:KaTeX_AMS;font-style:normal;font-weight:400;src:url(/assets/KaTeX_AMS-Regular-abc.woff2) format("woff2")}' +
      "@font-face { font-family: 'KaTeX_Main'; font-style: italic; font-weight: 700; src: url(\"data:font/woff2;base64,AAA\") format('woff2') }";
    expect(fontFacesFromCss(css)).toEqual([
      { family: 'KaTeX_AMS', url: '/assets/KaTeX_AMS-Regular-abc.woff2', style: 'normal', weight: '400' },
      { family: 'KaTeX_Main', url: 'data:font/woff2;base64,AAA', style: 'italic', weight: '700' },
    ]);
  });
});
