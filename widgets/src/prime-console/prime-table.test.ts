import { describe, expect, it } from 'vitest';
import { check } from '@kib/checker';
import {
  addRowBelow,
  buildPrimeAnswer,
  canDeleteRow,
  deleteRow,
  digitsOnly,
  initialRows,
  isDecompositionComplete,
  maxRows,
  mathTextFromAnswer,
  primeCellType,
  previewLatex,
  rowsFromAnswer,
  setCell,
  type PrimeRows,
} from './prime-table';

const LCM_12_18: PrimeRows = [
  ['12', '18', '2'],
  ['6', '9', '2'],
  ['3', '9', '3'],
  ['1', '3', '3'],
  ['1', '1', ''],
];

describe('buildPrimeAnswer', () => {
  it('sends every cell row by row, the given numbers fixed and the last row LastMath', () => {
    const answer = buildPrimeAnswer(
      [
        ['12', '18', '2'],
        ['6', '9', ''],
      ],
      '36',
    );
    expect(answer).toEqual({
      table: [
        { rIndex: 0, cIndex: 0, cellType: 'fixedMath', cellContent: '12' },
        { rIndex: 0, cIndex: 1, cellType: 'fixedMath', cellContent: '18' },
        { rIndex: 0, cIndex: 2, cellType: 'Math', cellContent: '2' },
        { rIndex: 1, cIndex: 0, cellType: 'LastMath', cellContent: '6' },
        { rIndex: 1, cIndex: 1, cellType: 'LastMath', cellContent: '9' },
        { rIndex: 1, cIndex: 2, cellType: 'LastMath', cellContent: '' },
      ],
      mathText: '36',
    });
  });

  it('makes the divisor of a one-row table LastMath', () => {
    expect(primeCellType(0, 1, 1, 1)).toBe('LastMath');
    expect(primeCellType(0, 0, 1, 1)).toBe('fixedMath');
  });
});

describe('rowsFromAnswer', () => {
  it('reads a saved answer back, whatever the order of its cells', () => {
    const answer = buildPrimeAnswer(LCM_12_18, '');
    expect(rowsFromAnswer({ ...answer, table: [...answer.table].reverse() }, ['12', '18'])).toEqual(
      LCM_12_18,
    );
  });

  it.each<[string, unknown, PrimeRows]>([
    ['starts with the given numbers when there is no answer', null, [['12', '18', '']]],
    ['ignores a table that is not a list', { table: 'x' }, [['12', '18', '']]],
    [
      'keeps the given numbers from the data, not from the answer',
      { table: [{ rIndex: 0, cIndex: 0, cellContent: '99' }] },
      [['12', '18', '']],
    ],
    [
      'skips cells outside the columns and malformed cells',
      {
        table: [
          { rIndex: 1, cIndex: 3, cellContent: '7' },
          { rIndex: 1, cIndex: 0, cellContent: 6 },
          { rIndex: 1, cIndex: 1, cellContent: '9' },
        ],
      },
      [
        ['12', '18', ''],
        ['', '9', ''],
      ],
    ],
  ])('%s', (_title, value, expected) => {
    expect(rowsFromAnswer(value, ['12', '18'])).toEqual(expected);
  });

  it('reads the final answer text, or nothing', () => {
    expect(mathTextFromAnswer({ table: [], mathText: '2^2*3^2' })).toBe('2^2*3^2');
    expect(mathTextFromAnswer(undefined)).toBe('');
  });
});

describe('adding and deleting rows', () => {
  const rows: PrimeRows = [
    ['360', '2'],
    ['180', ''],
  ];

  it('adds an empty row below the given row', () => {
    expect(addRowBelow(rows, 0)).toEqual([
      ['360', '2'],
      ['', ''],
      ['180', ''],
    ]);
    expect(addRowBelow(rows, 1)).toEqual([
      ['360', '2'],
      ['180', ''],
      ['', ''],
    ]);
  });

  it('adds no row past the limit of the answer schema', () => {
    const full: PrimeRows = Array.from({ length: maxRows(1) }, () => ['', '']);
    expect(addRowBelow(full, 3)).toBe(full);
    expect(maxRows(1)).toBe(201);
    expect(maxRows(10)).toBe(181);
  });

  it.each<[string, PrimeRows, number, boolean]>([
    ['a row below the first, while cells outnumber columns', rows, 1, true],
    ['not the row of the given numbers', rows, 0, false],
    ['not when the table has as many cells as columns', [['360', '']], 0, false],
    ['not a row that does not exist', rows, 2, false],
  ])('may delete %s', (_title, table, r, allowed) => {
    expect(canDeleteRow(table, r)).toBe(allowed);
    expect(deleteRow(table, r)).toEqual(allowed ? table.filter((_, i) => i !== r) : table);
  });
});

describe('setCell', () => {
  it('changes a student cell and never a given number', () => {
    const rows = initialRows(['360']);
    expect(setCell(rows, 0, 1, '2')).toEqual([['360', '2']]);
    expect(setCell(rows, 0, 0, '7')).toBe(rows);
    expect(setCell(rows, 4, 0, '7')).toBe(rows);
  });
});

describe('digitsOnly', () => {
  it.each<[string, string, ReturnType<typeof digitsOnly>['rejected']]>([
    ['180', '180', null],
    ['', '', null],
    ['18a', '18', 'not-a-digit'],
    ['1 8', '18', 'not-a-digit'],
    ['-3', '3', 'not-a-digit'],
    ['2.5', '25', 'not-a-digit'],
    ['12345678901234', '1234567890123', 'too-long'],
  ])('keeps the digits of %j', (text, value, rejected) => {
    expect(digitsOnly(text)).toEqual({ value, rejected });
  });
});

describe('isDecompositionComplete', () => {
  it.each<[string, PrimeRows, 'Decomp' | 'LCM' | 'GCD', boolean]>([
    ['an LCM table ending in ones', LCM_12_18, 'LCM', true],
    ['an LCM table not yet at ones', LCM_12_18.slice(0, 4), 'LCM', false],
    [
      'a decomposition ending in 1',
      [
        ['6', '2'],
        ['3', '3'],
        ['1', ''],
      ],
      'Decomp',
      true,
    ],
    [
      'a last row with an empty cell',
      [
        ['6', '2'],
        ['', ''],
      ],
      'Decomp',
      false,
    ],
    [
      'a GCD table whose last numbers are coprime',
      [
        ['12', '18', '2'],
        ['6', '9', '3'],
        ['2', '3', ''],
      ],
      'GCD',
      true,
    ],
    [
      'a GCD table still with a common factor',
      [
        ['12', '18', '2'],
        ['6', '9', ''],
      ],
      'GCD',
      false,
    ],
    ['coprime given numbers for a GCD', [['8', '9', '']], 'GCD', true],
  ])('%s: %s', (_title, rows, type, complete) => {
    expect(isDecompositionComplete(rows, type)).toBe(complete);
  });
});

describe('previewLatex', () => {
  it('shows typed products with a centred dot', () => {
    expect(previewLatex('2^3*3^2·5')).toBe('2^3\\cdot 3^2\\cdot 5');
  });
});

describe('the checker reads the table the console sends', () => {
  const data = {
    numbers: [
      { id: 'n12aaa', latex: '12' },
      { id: 'n18aaa', latex: '18' },
    ],
    decompType: 'LCM' as const,
  };
  const run = (rows: PrimeRows, mathText = '') =>
    check({ mathType: 'primeDecomposition', data, answer: buildPrimeAnswer(rows, mathText) });

  it('asks for the final answer once the table is finished, and takes the right one', () => {
    expect(run(LCM_12_18)).toMatchObject({
      showMathField: true,
      message: { key: 'feedback.write-final-answer' },
    });
    expect(run(LCM_12_18, '2^2*3^2')).toMatchObject({ correct: true });
  });

  it('points at the cell of a wrong quotient, by the same row and column', () => {
    const rows = setCell(addRowBelow(initialRows(['12', '18']), 0), 0, 2, '2');
    const wrong = setCell(setCell(rows, 1, 0, '6'), 1, 1, '8');
    expect(run(wrong)).toMatchObject({
      message: { key: 'feedback.wrong-division' },
      cells: [{ rIndex: 1, cIndex: 1 }],
    });
  });
});
