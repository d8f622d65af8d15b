import type { TableCell, TableSimpleData } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { numericEquivalent } from './graphical.fixtures';
import { checkTableSimple, type EquivalenceCheck } from './table-simple';

const cell = (
  rIndex: number,
  cIndex: number,
  cellType: TableCell['cellType'],
  cellContent: string,
): TableCell => ({
  rIndex,
  cIndex,
  cellType,
  cellContent,
});

/** A value table of f(x) = x² − 1: header row, x column given, f(x) column to fill. */
const data: TableSimpleData = {
  constant: [],
  interval: false,
  numRows: 4,
  numColumns: 2,
  tableData: [
    cell(0, 0, 'headerText', 'x'),
    cell(0, 1, 'headerText', 'f(x)'),
    cell(1, 0, 'text', '-1'),
    cell(1, 1, 'mathAns', '0'),
    cell(2, 0, 'text', '\\frac{1}{2}'),
    cell(2, 1, 'mathAns', '-\\frac{3}{4}'),
    cell(3, 0, 'text', 't'),
    cell(3, 1, 'mathAns', 't^{2}-1'),
  ],
};

const equivalent: EquivalenceCheck = (s, t) => numericEquivalent(s, t);
const ans = (r: number, c: number, cellAns: string) => ({ rIndex: r, cIndex: c, cellAns });
const verdict = (r: number, correct: boolean, complete: boolean) => ({
  rIndex: r,
  cIndex: 1,
  correct,
  complete,
});

describe('checkTableSimple', () => {
  it.each<[string, { rIndex: number; cIndex: number; cellAns: string }[], ReturnType<typeof verdict>[]]>([
    [
      'every cell right',
      [ans(1, 1, '0'), ans(2, 1, '-\\frac{3}{4}'), ans(3, 1, 't^{2}-1')],
      [verdict(1, true, true), verdict(2, true, true), verdict(3, true, true)],
    ],
    [
      'equivalent forms written differently',
      [ans(1, 1, '0'), ans(2, 1, '-0.75'), ans(3, 1, '(t-1)(t+1)')],
      [verdict(1, true, true), verdict(2, true, true), verdict(3, true, true)],
    ],
    [
      'a sign error in one cell',
      [ans(1, 1, '0'), ans(2, 1, '\\frac{3}{4}'), ans(3, 1, 't^{2}-1')],
      [verdict(1, true, true), verdict(2, false, true), verdict(3, true, true)],
    ],
    [
      'one cell left empty',
      [ans(1, 1, '0'), ans(3, 1, 't^{2}-1')],
      [verdict(1, true, true), verdict(2, false, false), verdict(3, true, true)],
    ],
    [
      'a cell holding only spaces',
      [ans(1, 1, '  '), ans(2, 1, '-\\frac{3}{4}'), ans(3, 1, 't^2-1')],
      [verdict(1, false, false), verdict(2, true, true), verdict(3, true, true)],
    ],
    [
      'an unreadable cell',
      [ans(1, 1, '\\frac{'), ans(2, 1, '-\\frac{3}{4}'), ans(3, 1, 't^{2}-1')],
      [verdict(1, false, true), verdict(2, true, true), verdict(3, true, true)],
    ],
    [
      'answers typed in text cells are ignored',
      [ans(1, 0, '5'), ans(1, 1, '0')],
      [verdict(1, true, true), verdict(2, false, false), verdict(3, false, false)],
    ],
    ['nothing typed', [], [verdict(1, false, false), verdict(2, false, false), verdict(3, false, false)]],
  ])('%s', (_title, answer, expected) => {
    expect(checkTableSimple(data, answer, equivalent)).toEqual(expected);
  });

  it('does not ask the engine when the text is the expected one', () => {
    const engine = vi.fn<EquivalenceCheck>(() => false);
    const r = checkTableSimple(
      data,
      [ans(1, 1, '0'), ans(2, 1, '-\\frac{3}{4}'), ans(3, 1, 't^{2} - 1')],
      engine,
    );
    expect(r.every((c) => c.correct)).toBe(true);
    expect(engine).not.toHaveBeenCalled();
  });

  it('passes the constants of the table to the engine', () => {
    const engine = vi.fn<EquivalenceCheck>(() => true);
    checkTableSimple({ ...data, constant: [{ id: 'kkkkkk', latex: 'k' }] }, [ans(1, 1, '1-1')], engine);
    expect(engine).toHaveBeenCalledWith('1-1', '0', { constants: ['k'], degrees: false });
  });

  it('counts a cell as wrong when the engine fails', () => {
    const engine: EquivalenceCheck = () => {
      throw new Error('engine bug');
    };
    expect(checkTableSimple(data, [ans(1, 1, '1-1')], engine)[0]).toEqual(verdict(1, false, true));
  });

  it('answers a malformed answer with every cell incomplete', () => {
    const r = checkTableSimple(data, [null, 5, { rIndex: 1, cIndex: 1 }] as never, equivalent);
    expect(r).toEqual([verdict(1, false, false), verdict(2, false, false), verdict(3, false, false)]);
  });
});
