import type { MathTypeDataOf } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { simplifyNumeral } from '../../testing/creation-drafts';
import { authoringChecks } from './authoring-checks';
import { contradiction, graphContradiction, tableContradiction } from './self-checks';

type Table = MathTypeDataOf<'tableSimple'>;

/** A two-column table: `x` and `header` as headers, then each x with its answer cell. */
function table(header: string, rows: [x: string, answer: string][], over: Partial<Table> = {}): Table {
  return {
    constant: [],
    interval: false,
    numRows: rows.length + 1,
    numColumns: 2,
    tableData: [
      { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: '$x$' },
      { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: header },
      ...rows.flatMap(([x, answer], i) => [
        { rIndex: i + 1, cIndex: 0, cellType: 'text' as const, cellContent: x },
        { rIndex: i + 1, cIndex: 1, cellType: 'mathAns' as const, cellContent: answer },
      ]),
    ],
    ...over,
  };
}

describe('tableContradiction', () => {
  it('names the answer cell that is not its column’s function at its row’s x', () => {
    expect(
      tableContradiction(
        table('$f(x)=2x$', [
          ['1', '2'],
          ['3', '7'],
        ]),
      ),
    ).toEqual({
      reason: 'authoring.table-cell-contradicts',
      params: { row: 3, column: 2, answer: '7', expected: '6', header: 'f(x)=2x', variable: 'x', value: '3' },
    });
  });

  it('accepts cells that agree, exact values written another way included', () => {
    expect(
      tableContradiction(
        table('$2x+1$', [
          ['0', '1'],
          ['\\frac{1}{2}', '2'],
          ['-1', '-1'],
        ]),
      ),
    ).toBeNull();
    expect(
      tableContradiction(
        table('$x^{2}$', [
          ['$\\sqrt{2}$', '2'],
          ['3', '9'],
        ]),
      ),
    ).toBeNull();
  });

  it('reads a table laid out by rows: the variable and the function head the first column', () => {
    const byRows: Table = {
      constant: [],
      interval: false,
      numRows: 2,
      numColumns: 3,
      tableData: [
        { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: '$x$' },
        { rIndex: 0, cIndex: 1, cellType: 'text', cellContent: '2' },
        { rIndex: 0, cIndex: 2, cellType: 'text', cellContent: '5' },
        { rIndex: 1, cIndex: 0, cellType: 'headerText', cellContent: '$3x$' },
        { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '6' },
        { rIndex: 1, cIndex: 2, cellType: 'mathAns', cellContent: '16' },
      ],
    };
    expect(tableContradiction(byRows)?.params).toMatchObject({ row: 2, column: 3, expected: '15' });
  });

  it('says nothing of a table with nothing to compute: words, a named function, intervals', () => {
    expect(tableContradiction(VALID_MATH_TYPE_DATA.tableSimple)).toBeNull();
    expect(tableContradiction(table('Precio', [['1', '7']]))).toBeNull();
    expect(tableContradiction(table('$f(x)$', [['1', '7']]))).toBeNull();
    expect(tableContradiction(table('$y$', [['1', '7']]))).toBeNull();
    expect(tableContradiction(table('$2x$', [['1', '[0,1)']], { interval: true }))).toBeNull();
  });
});

describe('graphContradiction', () => {
  it('refuses a line that is not the one its statement asks to graph, and takes the right one', () => {
    expect(graphContradiction('plotLinearEquation', { m: '3', b: '1' }, 'Grafica $y=2x+1$.')).toEqual({
      reason: 'authoring.line-contradicts-statement',
      params: { equation: 'y=2x+1', m: '3', b: '1' },
    });
    expect(graphContradiction('plotLinearEquation', { m: '2', b: '1' }, 'Grafica $y=2x+1$.')).toBeNull();
    expect(
      graphContradiction('plotLinearEquation', { m: '\\frac{1}{2}', b: '-3' }, 'Grafica $y=\\frac{x}{2}-3$'),
    ).toBeNull();
  });

  it('compares a freehand graph with the function its statement names', () => {
    expect(graphContradiction('plotFunction', { function: 'x^{2}-4' }, 'Dibuja $f(x)=x^{2}-4$')).toBeNull();
    expect(
      graphContradiction('plotFunction', { function: 'x^{2}+4' }, 'Dibuja $f(x)=x^{2}-4$'),
    ).toMatchObject({
      reason: 'authoring.graph-contradicts-statement',
    });
  });

  it('says nothing where the statement names no function, or several', () => {
    expect(
      graphContradiction('plotLinearEquation', { m: '3', b: '1' }, 'Grafica la recta que pasa por $(0,1)$'),
    ).toBeNull();
    expect(
      graphContradiction('plotLinearEquation', { m: '3', b: '1' }, 'Compara $y=2x+1$ con $y=3x+1$'),
    ).toBeNull();
    expect(
      graphContradiction('plotLinearEquation', { m: '3', b: '1' }, 'Si $x=2$, grafica la recta'),
    ).toBeNull();
    expect(
      contradiction({ mathType: 'simplify', data: VALID_MATH_TYPE_DATA.simplify }, 'Grafica $y=2x+1$'),
    ).toBeNull();
  });
});

describe('the authoring checks with the items’ own words', () => {
  it('refuse to publish a table or a graph that contradicts itself, and name the step by its instruction', () => {
    const numeral = (question: string, mathType: 'tableSimple' | 'plotLinearEquation', data: unknown) =>
      simplifyNumeral({ question, mathType, data });
    const checks = authoringChecks({
      numerals: [
        numeral('Completa la tabla de $f(x)=2x$', 'tableSimple', table('$f(x)=2x$', [['3', '7']])),
        numeral('Grafica $y=2x+1$', 'plotLinearEquation', { m: '3', b: '1' }),
        numeral('Grafica $y=2x+1$', 'plotLinearEquation', { m: '2', b: '1' }),
      ],
    });
    expect(checks.map((c) => [c.ok, c.reason])).toEqual([
      [false, 'authoring.table-cell-contradicts'],
      [false, 'authoring.line-contradicts-statement'],
      [true, null],
    ]);
  });
});
