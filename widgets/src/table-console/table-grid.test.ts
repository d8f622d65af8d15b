import type { PublicTableSimpleData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import {
  buildGrid,
  buildTableAnswer,
  cellHeaders,
  cellKey,
  entriesFromAnswer,
  feedbackSummary,
  headerScope,
  marksFromFeedback,
  verticalNeighbour,
} from './table-grid';

/** x | x² with two answer cells, one blank position, and a row header. */
const DATA: PublicTableSimpleData = {
  constant: [],
  interval: false,
  numRows: 3,
  numColumns: 3,
  tableData: [
    { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: 'x' },
    { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: '$x^2$' },
    { rIndex: 1, cIndex: 0, cellType: 'text', cellContent: '2' },
    { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    { rIndex: 2, cIndex: 0, cellType: 'headerText', cellContent: 'b' },
    { rIndex: 2, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    { rIndex: 2, cIndex: 2, cellType: 'mathAns', cellContent: '' },
  ],
};

describe('buildGrid', () => {
  it('fills every position, marking where the author put no cell', () => {
    const grid = buildGrid(DATA);
    expect(grid).toHaveLength(3);
    expect(grid.every((row) => row.length === 3)).toBe(true);
    expect(grid[0]![2]!.cellType).toBe('empty');
    expect(grid[1]![1]!.cellType).toBe('mathAns');
  });
});

describe('buildTableAnswer', () => {
  const grid = buildGrid(DATA);
  it.each<[string, [string, string][], unknown]>([
    ['is empty when nothing is typed', [], []],
    [
      'holds one entry per filled answer cell, row by row, trimmed',
      [
        ['2:2', ' 8 '],
        ['1:1', '4'],
      ],
      [
        { rIndex: 1, cIndex: 1, cellAns: '4' },
        { rIndex: 2, cIndex: 2, cellAns: '8' },
      ],
    ],
    ['leaves out a cell emptied again', [['1:1', '   ']], []],
    ['ignores text at a position that is not an answer cell', [['1:0', '9']], []],
  ])('%s', (_title, typed, expected) => {
    const entries = new Map(typed.map(([k, v]) => [k as `${number}:${number}`, v]));
    expect(buildTableAnswer(grid, entries)).toEqual(expected);
  });
});

describe('entriesFromAnswer', () => {
  it('reads a saved answer and skips malformed entries', () => {
    const entries = entriesFromAnswer([
      { rIndex: 1, cIndex: 1, cellAns: '4' },
      { rIndex: 'x', cIndex: 1, cellAns: '5' },
      { rIndex: 2, cIndex: 1 },
      null,
    ]);
    expect([...entries]).toEqual([['1:1', '4']]);
    expect(entriesFromAnswer(null).size).toBe(0);
  });
});

describe('cellHeaders', () => {
  const grid = buildGrid(DATA);
  it('names a cell by the header above it and the header to its left', () => {
    const { column, row } = cellHeaders(grid, 2, 1);
    expect(column?.cellContent).toBe('$x^2$');
    expect(row?.cellContent).toBe('b');
  });
  it('finds no header where there is none', () => {
    expect(cellHeaders(grid, 2, 2)).toEqual({ column: null, row: grid[2]![0] });
    expect(cellHeaders(grid, 1, 1).row).toBeNull();
  });
  it('gives first-row headers column scope and first-column headers row scope', () => {
    expect(headerScope(grid[0]![0]!)).toBe('col');
    expect(headerScope(grid[2]![0]!)).toBe('row');
  });
});

describe('marksFromFeedback and feedbackSummary', () => {
  const feedback = [
    { rIndex: 1, cIndex: 1, correct: true, complete: true },
    { rIndex: 2, cIndex: 1, correct: false, complete: true },
    { rIndex: 2, cIndex: 2, correct: false, complete: false },
  ];
  it('marks right, wrong and blank cells', () => {
    const marks = marksFromFeedback(feedback);
    expect(marks.get(cellKey(1, 1))).toBe('correct');
    expect(marks.get(cellKey(2, 1))).toBe('wrong');
    expect(marks.get(cellKey(2, 2))).toBe('blank');
    expect(marksFromFeedback(null).size).toBe(0);
  });
  it('counts the right cells; the table is right only when all are', () => {
    expect(feedbackSummary(feedback)).toEqual({ correct: 1, total: 3, allCorrect: false });
    expect(feedbackSummary([feedback[0]!]).allCorrect).toBe(true);
    expect(feedbackSummary([]).allCorrect).toBe(false);
  });
});

describe('verticalNeighbour', () => {
  const grid = buildGrid(DATA);
  it('moves to the nearest answer cell of the column, or nowhere', () => {
    expect(verticalNeighbour(grid, grid[1]![1]!, 1)).toBe(grid[2]![1]);
    expect(verticalNeighbour(grid, grid[2]![1]!, -1)).toBe(grid[1]![1]);
    expect(verticalNeighbour(grid, grid[2]![2]!, -1)).toBeNull();
  });
});
