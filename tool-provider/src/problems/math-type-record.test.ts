import type { MathTypeData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import {
  InvalidMathTypeRecordError,
  readMathTypeRecord,
  toStoredContent,
  type StoredMathTypeRecord,
} from './math-type-record';

const line = {
  x1: '0',
  y1: '1',
  x2: '2',
  y2: '5',
  mGiven: false,
  bGiven: false,
  findM: true,
  findB: true,
  findEquation: false,
};

/** JSON as the database hands it back (no brand). */
const stored = (value: unknown) => value as StoredMathTypeRecord;

describe('toStoredContent', () => {
  it('stores a record as its core schema parses it: defaults filled in, unknown keys dropped', () => {
    const content = { mathType: 'equationOfALine', data: { ...line, stale: 1 } } as unknown as MathTypeData;
    expect(toStoredContent(content)).toEqual({
      columns: {
        mathType: 'equationOfALine',
        data: { ...line, xSymbol: 'x', ySymbol: 'y', mSymbol: 'm', bSymbol: 'b' },
      },
      choices: [],
    });
  });

  it('stores no record for multipleChoice, and hands its checked choices back in order', () => {
    const choices = [
      { text: '$2$', picture: null, correct: false },
      { text: '$3$', picture: null, correct: true },
    ];
    expect(toStoredContent({ mathType: 'multipleChoice', data: { choices } })).toEqual({
      columns: { mathType: 'multipleChoice', data: null },
      choices,
    });
  });

  it.each<[string, MathTypeData]>([
    [
      'a simplify record without a target',
      { mathType: 'simplify', data: { startingExpression: 'x+x' } } as unknown as MathTypeData,
    ],
    [
      'a functions record asking for both x and y',
      {
        mathType: 'functions',
        data: { functionExpr: 'x^2', xValue: '1', yValue: '4', convertToDegrees: false },
      },
    ],
    [
      'multiple choice without a correct choice',
      { mathType: 'multipleChoice', data: { choices: [{ text: '$1$', picture: null, correct: false }] } },
    ],
  ])('refuses %s', (_title, content) => {
    expect(() => toStoredContent(content)).toThrow(InvalidMathTypeRecordError);
  });
});

describe('readMathTypeRecord', () => {
  it('reads a stored record back through its schema', () => {
    const data = { m: '2', b: '-1' };
    expect(readMathTypeRecord('plotLinearEquation', stored(data), 'numeral 1')).toEqual(data);
  });

  it('reads null as a record not filled in yet', () => {
    expect(readMathTypeRecord('solve', null, 'numeral 1')).toBeNull();
  });

  it('names the owner when a stored record does not pass its schema', () => {
    expect(() => readMathTypeRecord('setPointCartesianPlane', stored({ x: '1', y: 2 }), 'step 7')).toThrow(
      /^step 7: the setPointCartesianPlane record does not pass its schema/,
    );
  });

  it('refuses a record on a multipleChoice owner', () => {
    expect(() => readMathTypeRecord('multipleChoice', stored({ choices: [] }), 'numeral 3')).toThrow(
      InvalidMathTypeRecordError,
    );
  });
});
