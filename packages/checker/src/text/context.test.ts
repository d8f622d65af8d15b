import { describe, expect, it } from 'vitest';
import {
  budgetLines,
  chainSides,
  functionNames,
  MAX_CHECKED_LINES,
  normaliseLatex,
  parseLine,
  readInterval,
  symbolNames,
} from './context';

describe('readInterval', () => {
  it.each<[string, number, number, boolean, boolean]>([
    ['[0,\\infty)', 0, Infinity, false, true],
    ['(0,\\infty)', 0, Infinity, true, true],
    ['[0,5]', 0, 5, false, false],
    ['\\left[0,5\\right]', 0, 5, false, false],
    ['(-\\infty,0)', -Infinity, 0, true, true],
    ['[0,2\\pi)', 0, 2 * Math.PI, false, true],
    ['\\left(-\\pi,\\pi\\right]', -Math.PI, Math.PI, true, false],
  ])('reads %s', (latex, lo, hi, loOpen, hiOpen) => {
    expect(readInterval(latex)).toEqual({ lo, hi, loOpen, hiOpen });
  });

  it.each(['x+1', '(5,0)', '\\frac{1}{'])(
    'throws for a malformed interval %s (a problem definition)',
    (latex) => {
      expect(() => readInterval(latex)).toThrow(/malformed problem/);
    },
  );

  it('is null when there is none', () => {
    expect(readInterval(null)).toBeNull();
  });
});

describe('chainSides', () => {
  it('gives the sides of a = b = c with their paths in the nested tree', () => {
    const r = parseLine('f(2)=2^{2}+3=7', ['f']);
    if (!r.ok) throw new Error('unreadable');
    expect(chainSides(r.expr).map((s) => s.path)).toEqual([[0], [1, 0], [1, 1]]);
  });

  it('gives a line that is not an equality as its only side', () => {
    const r = parseLine('2x+6', []);
    if (!r.ok) throw new Error('unreadable');
    expect(chainSides(r.expr)).toEqual([{ expr: r.expr, path: [] }]);
  });
});

describe('reading the problem and the answer', () => {
  it.each([
    ['5\\text{cm}', '5\\operatorname{cm}'],
    ['\\mathrm{kg}\\cdot\\textrm{m}', '\\operatorname{kg}\\cdot\\operatorname{m}'],
  ])('rewrites units %s as %s', (latex, out) => {
    expect(normaliseLatex(latex)).toBe(out);
  });

  it('reads symbol and function names of expression lists', () => {
    expect(
      symbolNames([
        { id: 'a00001', latex: 'k' },
        { id: 'a00002', latex: '\\text{cm}' },
        { id: 'a00003', latex: '\\frac{' },
      ]),
    ).toEqual(['k', 'cm']);
    expect(
      functionNames([
        { id: 'f00001', latex: 'f' },
        { id: 'f00002', latex: 'g(x)' },
        { id: 'f00003', latex: '\\operatorname{h}' },
      ]),
    ).toEqual(['f', 'g', 'h']);
  });

  it('budgets an answer: too many lines, too long lines, malformed lines', () => {
    const lines = budgetLines([
      ...Array.from({ length: MAX_CHECKED_LINES + 2 }, () => ({ math: 'x' })),
      { math: 'x'.repeat(5000) },
    ]);
    expect(lines.filter((l) => l.checked)).toHaveLength(MAX_CHECKED_LINES);
    expect(budgetLines('not a list')).toEqual([]);
    expect(budgetLines([{ math: 3 }, null])).toEqual([
      { math: '', solNum: undefined, checked: true },
      { math: '', solNum: undefined, checked: true },
    ]);
  });
});
