import { MATH_TYPE_DATA_SCHEMAS, MATH_TYPES } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { latexNumber, numberLatex } from './graph-forms';
import { emptyRecord, plainPoints, pointsListOf, recordOf, validateRecord } from './records';
import { addColumn, addRow, deleteColumn, deleteRow, setCell, type TableRecord } from './table-logic';

describe('emptyRecord', () => {
  it('gives each math type a record with every field of its schema', () => {
    for (const mathType of MATH_TYPES) {
      if (mathType === 'multipleChoice') {
        expect(emptyRecord(mathType)).toBeNull();
        continue;
      }
      const schema = MATH_TYPE_DATA_SCHEMAS[mathType];
      const shape = 'shape' in schema ? Object.keys(schema.shape as object) : null;
      const fields = Object.keys(emptyRecord(mathType) as object).sort();
      if (shape) expect(fields).toEqual([...shape].sort());
      else expect(fields).toEqual(Object.keys(VALID_MATH_TYPE_DATA[mathType]).sort());
    }
  });

  it('is a fresh record each time (lists are not shared)', () => {
    const a = emptyRecord('primeDecomposition') as { numbers: { id: string }[] };
    const b = emptyRecord('primeDecomposition') as { numbers: { id: string }[] };
    expect(a.numbers).not.toBe(b.numbers);
    expect(a.numbers[0]!.id).not.toBe(b.numbers[0]!.id);
  });
});

describe('recordOf', () => {
  it('fills the fields a record lacks, but leaves the optional ones out (simplify without form)', () => {
    const record = recordOf('simplify', VALID_MATH_TYPE_DATA.simplify);
    expect(record).toEqual(VALID_MATH_TYPE_DATA.simplify);
    const { constant: _constant, ...older } = VALID_MATH_TYPE_DATA.simplify;
    expect(recordOf('simplify', older)).toEqual(VALID_MATH_TYPE_DATA.simplify);
    expect(recordOf('plotFunction', null)).toEqual({ function: '' });
  });
});

describe('validateRecord', () => {
  it('finds nothing in the valid record of each math type', () => {
    for (const mathType of MATH_TYPES) {
      const data = mathType === 'multipleChoice' ? null : VALID_MATH_TYPE_DATA[mathType];
      const choices = VALID_MATH_TYPE_DATA.multipleChoice.choices.map((c, i) => ({
        ...c,
        key: `key00${i}`,
        id: null,
      }));
      expect(validateRecord(mathType, data, choices)).toEqual({});
    }
  });

  it('keys each problem by its path inside the record', () => {
    const table = VALID_MATH_TYPE_DATA.tableSimple;
    expect(
      validateRecord(
        'tableSimple',
        {
          ...table,
          tableData: table.tableData.map((c) => (c.cellType === 'mathAns' ? { ...c, cellContent: ' ' } : c)),
        },
        [],
      ),
    ).toEqual({
      'tableData.3.cellContent': 'creator.form.error.answer-cell-empty',
      'tableData.5.cellContent': 'creator.form.error.answer-cell-empty',
    });
    expect(
      validateRecord(
        'intervals',
        {
          intervals: [
            [
              { open: false, value: 'minusInf' },
              { open: true, value: 2 },
            ],
          ],
        },
        [],
      ),
    ).toEqual({ 'intervals.0': 'creator.form.error.interval-ill-formed' });
    expect(
      validateRecord(
        'intervals',
        {
          intervals: [
            [
              { open: true, value: 'dos' },
              { open: true, value: 2 },
            ],
          ],
        },
        [],
      ),
    ).toEqual({ 'intervals.0.0.value': 'creator.form.error.number-or-infinity' });
    expect(
      validateRecord(
        'primeDecomposition',
        { numbers: [{ id: 'num001', latex: '012' }], decompType: 'Decomp' },
        [],
      ),
    ).toEqual({
      'numbers.0.latex': 'creator.form.error.prime-integer',
    });
    expect(
      validateRecord('multipleChoice', null, [
        { key: 'key001', id: null, text: '', picture: null, correct: false },
        { key: 'key002', id: null, text: '$2$', picture: null, correct: false },
      ]),
    ).toEqual({
      'choices.0.text': 'creator.form.error.choice-empty',
      choices: 'creator.form.error.choice-none-correct',
    });
    expect(
      validateRecord(
        'equationOfALine',
        { ...VALID_MATH_TYPE_DATA.equationOfALine, findM: false, findB: false, findEquation: false },
        [],
      ),
    ).toEqual({
      findEquation: 'creator.form.error.line-ask-something',
    });
  });
});

describe('the points of a pointsList', () => {
  it('reads plain decimal points, and refuses what a graph cannot show as typed', () => {
    expect(plainPoints('(1,2)\n (-3, 0.5) \n\n')).toEqual([
      { x: 1, y: 2 },
      { x: -3, y: 0.5 },
    ]);
    expect(plainPoints('')).toEqual([]);
    expect(plainPoints('(\\frac{1}{2},3)')).toBeNull();
    expect(plainPoints('1,2')).toBeNull();
  });

  it('writes placed points one (x,y) per line, without float noise', () => {
    expect(
      pointsListOf([
        { x: 0.1 + 0.2, y: -1 },
        { x: 2, y: 0.5 },
      ]),
    ).toBe('(0.3,-1)\n(2,0.5)');
  });
});

describe('slopes and intercepts between LaTeX and numbers', () => {
  it('reads decimals and fractions of integers', () => {
    expect(latexNumber('-2')).toBe(-2);
    expect(latexNumber('0.25')).toBe(0.25);
    expect(latexNumber('\\frac{1}{3}')).toBeCloseTo(1 / 3);
    expect(latexNumber('-\\frac{3}{4}')).toBe(-0.75);
    expect(latexNumber('\\sqrt{2}')).toBeNull();
    expect(latexNumber('')).toBeNull();
  });

  it('writes an exact fraction when a decimal would be rounded', () => {
    expect(numberLatex(2)).toBe('2');
    expect(numberLatex(-0.5)).toBe('-0.5');
    expect(numberLatex(1 / 3)).toBe('\\frac{1}{3}');
    expect(numberLatex(-2 / 7)).toBe('-\\frac{2}{7}');
  });
});

describe('the table rules', () => {
  const table = VALID_MATH_TYPE_DATA.tableSimple as TableRecord;
  const positions = (t: TableRecord) => t.tableData.map((c) => `${c.rIndex}:${c.cIndex}`);

  it('adds a row at the bottom with the types of the last row, headers as text', () => {
    const grown = addRow({ ...table, numRows: 1, tableData: table.tableData.slice(0, 2) });
    expect(grown.numRows).toBe(2);
    expect(grown.tableData.slice(2).map((c) => c.cellType)).toEqual(['text', 'text']);
    expect(
      addRow(table)
        .tableData.slice(6)
        .map((c) => c.cellType),
    ).toEqual(['text', 'mathAns']);
  });

  it('adds a column at the right, filling cells the record lacked', () => {
    const sparse: TableRecord = { ...table, tableData: table.tableData.filter((c) => c.rIndex !== 1) };
    const grown = addColumn(sparse);
    expect(grown.numColumns).toBe(3);
    expect(positions(grown)).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2', '2:0', '2:1', '2:2']);
    expect(grown.tableData.find((c) => c.rIndex === 0 && c.cIndex === 2)?.cellType).toBe('headerText');
  });

  it('deletes a row or a column, moving the rest into place; ignores the delete of the last one', () => {
    const rowGone = deleteRow(table, 0);
    expect(rowGone.numRows).toBe(2);
    expect(rowGone.tableData[0]).toEqual({ rIndex: 0, cIndex: 0, cellType: 'text', cellContent: '0' });
    const columnGone = deleteColumn(table, 0);
    expect(columnGone.numColumns).toBe(1);
    expect(positions(columnGone)).toEqual(['0:0', '1:0', '2:0']);
    const single = deleteColumn(deleteRow(deleteRow(columnGone, 0), 0), 0);
    expect(single).toMatchObject({ numRows: 1, numColumns: 1 });
    expect(deleteRow(single, 0)).toBe(single);
    expect(deleteColumn(single, 0)).toBe(single);
    expect(MATH_TYPE_DATA_SCHEMAS.tableSimple.safeParse(single).success).toBe(true);
  });

  it('changes a cell, adding it when the record lacked it', () => {
    const sparse: TableRecord = { ...table, tableData: table.tableData.filter((c) => c.rIndex !== 1) };
    const filled = setCell(sparse, 1, 0, { cellContent: '7' });
    expect(filled.tableData.find((c) => c.rIndex === 1 && c.cIndex === 0)).toEqual({
      rIndex: 1,
      cIndex: 0,
      cellType: 'text',
      cellContent: '7',
    });
    expect(setCell(table, 1, 1, { cellType: 'text' }).tableData[3]?.cellType).toBe('text');
  });
});
