import type { PrimeDecompositionAnswer, PrimeDecompositionCell, PrimeDecompositionType } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { fastestMs } from './graphical.fixtures';
import { checkPrimeDecomposition } from './prime-decomposition';

/**
 * Builds the console's table from rows written as on paper: the numbers, then the divisor
 * (`''` for an empty cell). Row 0 is fixed, the last row is `LastMath`, as the console sends it.
 */
function table(rows: string[][]): PrimeDecompositionCell[] {
  return rows.flatMap((row, r) =>
    row.map((cellContent, c) => ({
      rIndex: r,
      cIndex: c,
      cellType: r === 0 && c < row.length - 1 ? 'fixedMath' : r === rows.length - 1 ? 'LastMath' : 'Math',
      cellContent,
    })),
  );
}

function check(type: PrimeDecompositionType, numbers: string[], rows: string[][], mathText = '') {
  const data = { numbers: numbers.map((latex, i) => ({ id: `n${i}xxxx`, latex })), decompType: type };
  return checkPrimeDecomposition(data, { table: table(rows), mathText });
}

const DECOMP_360 = [
  ['360', '2'],
  ['180', '2'],
  ['90', '2'],
  ['45', '3'],
  ['15', '3'],
  ['5', '5'],
  ['1', ''],
];
const LCM_12_18 = [
  ['12', '18', '2'],
  ['6', '9', '2'],
  ['3', '9', '3'],
  ['1', '3', '3'],
  ['1', '1', ''],
];
const GCD_12_18 = [
  ['12', '18', '2'],
  ['6', '9', '3'],
  ['2', '3', ''],
];

type Case = [
  title: string,
  code: string,
  type: PrimeDecompositionType,
  numbers: string[],
  rows: string[][],
  mathText: string,
];

describe('checkPrimeDecomposition: the table', () => {
  it.each<Case>([
    [
      'a divisor that is not prime',
      'divisor-not-prime',
      'Decomp',
      ['360'],
      [
        ['360', '4'],
        ['90', ''],
      ],
      '',
    ],
    [
      'a divisor 1',
      'divisor-not-prime',
      'Decomp',
      ['360'],
      [
        ['360', '1'],
        ['360', ''],
      ],
      '',
    ],
    ['a divisor 0', 'divisor-not-prime', 'Decomp', ['360'], [['360', '0']], ''],
    [
      'a prime that does not divide the number',
      'divisor-does-not-divide',
      'Decomp',
      ['360'],
      [
        ['360', '7'],
        ['', ''],
      ],
      '',
    ],
    [
      'a divisor in the row of 1',
      'divisor-does-not-divide',
      'Decomp',
      ['6'],
      [
        ['6', '2'],
        ['3', '3'],
        ['1', '2'],
      ],
      '',
    ],
    [
      'a divisor with the next row empty',
      'divide-last-row',
      'Decomp',
      ['360'],
      [
        ['360', '2'],
        ['', ''],
      ],
      '',
    ],
    ['a divisor with no next row at all', 'divide-last-row', 'Decomp', ['360'], [['360', '2']], ''],
    [
      'a wrong quotient',
      'wrong-division',
      'Decomp',
      ['360'],
      [
        ['360', '2'],
        ['190', ''],
      ],
      '',
    ],
    [
      'a stop before reaching 1',
      'decomposition-not-finished',
      'Decomp',
      ['360'],
      DECOMP_360.slice(0, 3).concat([['45', '']]),
      '',
    ],
    ['a blank table', 'decomposition-not-finished', 'Decomp', ['360'], [['360', '']], ''],
    [
      'a letter in a cell',
      'unreadable-cell',
      'Decomp',
      ['360'],
      [
        ['360', '2'],
        ['1a0', ''],
      ],
      '',
    ],
    [
      'a decimal in a cell',
      'unreadable-cell',
      'LCM',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '4.5', ''],
      ],
      '',
    ],
    ['a power typed as the divisor', 'unreadable-cell', 'Decomp', ['360'], [['360', '2^3']], ''],
    [
      'a 31-digit number',
      'number-too-large',
      'Decomp',
      ['360'],
      [['360', '1000000000000000000000000000000']],
      '',
    ],
    [
      'quotients under an empty divisor',
      'missing-divisor',
      'Decomp',
      ['360'],
      [
        ['360', ''],
        ['180', ''],
      ],
      '',
    ],
    [
      'a divisor of no number (LCM)',
      'divisor-divides-no-number',
      'LCM',
      ['12', '18'],
      [
        ['12', '18', '5'],
        ['', '', ''],
      ],
      '',
    ],
    [
      'a divisor of no number (GCD)',
      'divisor-divides-no-number',
      'GCD',
      ['12', '18'],
      [['12', '18', '7']],
      '',
    ],
    [
      'a divisor after every number is 1 (LCM)',
      'divisor-divides-no-number',
      'LCM',
      ['2', '3'],
      [
        ['2', '3', '2'],
        ['1', '3', '3'],
        ['1', '1', '2'],
      ],
      '',
    ],
    [
      '6 taking 12 and 18 to coprime 2 and 3 (GCD)',
      'coprime-decompose-divisor',
      'GCD',
      ['12', '18'],
      [
        ['12', '18', '6'],
        ['2', '3', ''],
      ],
      '',
    ],
    [
      '6 taking 12 and 18 to coprime 2 and 3 (LCM)',
      'coprime-decompose-divisor',
      'LCM',
      ['12', '18'],
      [
        ['12', '18', '6'],
        ['2', '3', ''],
      ],
      '',
    ],
    [
      '4 dividing 24 and 36 to 6 and 9, not coprime',
      'divisor-not-prime',
      'GCD',
      ['24', '36'],
      [
        ['24', '36', '4'],
        ['6', '9', ''],
      ],
      '',
    ],
    [
      'an uncopied number (LCM)',
      'wrong-division',
      'LCM',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '9', '2'],
        ['3', '4', ''],
      ],
      '',
    ],
    [
      'a number copied instead of divided (LCM)',
      'wrong-division',
      'LCM',
      ['12', '18'],
      [
        ['12', '18', '3'],
        ['12', '6', ''],
      ],
      '',
    ],
    [
      'a stop with 3 left (LCM)',
      'decomposition-not-finished',
      'LCM',
      ['12', '18'],
      LCM_12_18.slice(0, 3).concat([['1', '3', '']]),
      '',
    ],
    [
      'a stop while 6 and 9 share a 3 (GCD)',
      'decomposition-not-finished',
      'GCD',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '9', ''],
      ],
      '',
    ],
  ])('%s gives %s', (_title, code, type, numbers, rows, mathText) => {
    const r = check(type, numbers, rows, mathText);
    expect(r.message.key).toBe(`feedback.${code}`);
    expect(r.correct).toBe(false);
    expect(r.showMathField).toBe(false);
  });

  it.each<[string, string[][], string, { rIndex: number; cIndex: number }[]]>([
    [
      'the divisor cell when it is not prime',
      [
        ['360', '9'],
        ['40', ''],
      ],
      'divisor-not-prime',
      [{ rIndex: 0, cIndex: 1 }],
    ],
    [
      'the empty quotient cells to fill',
      [
        ['360', '2'],
        ['', ''],
      ],
      'divide-last-row',
      [{ rIndex: 1, cIndex: 0 }],
    ],
    [
      'the wrong quotient',
      [
        ['360', '2'],
        ['180', '2'],
        ['91', ''],
      ],
      'wrong-division',
      [{ rIndex: 2, cIndex: 0 }],
    ],
    [
      'the missing divisor',
      [
        ['360', '2'],
        ['180', ''],
        ['90', ''],
      ],
      'missing-divisor',
      [{ rIndex: 1, cIndex: 1 }],
    ],
    [
      'nothing when the table is only unfinished',
      [
        ['360', '2'],
        ['180', ''],
      ],
      'decomposition-not-finished',
      [],
    ],
  ])('marks %s', (_title, rows, code, cells) => {
    const r = check('Decomp', ['360'], rows);
    expect(r.message.key).toBe(`feedback.${code}`);
    expect(r.cells).toEqual(cells);
  });

  it('marks only the wrong column of an LCM row', () => {
    const r = check(
      'LCM',
      ['4', '6', '10'],
      [
        ['4', '6', '10', '2'],
        ['2', '3', '6', ''],
      ],
    );
    expect(r.message.key).toBe('feedback.wrong-division');
    expect(r.cells).toEqual([{ rIndex: 1, cIndex: 2 }]);
  });

  it('names the divisor and the number in its params', () => {
    expect(check('Decomp', ['360'], [['360', '7']]).message.params).toEqual({ divisor: 7, number: 360 });
    expect(check('Decomp', ['360'], [['360', '9']]).message.params).toEqual({ divisor: 9 });
  });

  it('ignores a tampered fixed row and reads the given numbers', () => {
    const rows = DECOMP_360.map((r) => [...r]);
    rows[0]![0] = '999';
    expect(check('Decomp', ['360'], rows, '2^{3}\\cdot3^{2}\\cdot5').correct).toBe(true);
  });

  it('reads cells with spaces and thin spaces', () => {
    expect(
      check(
        'Decomp',
        ['360'],
        [
          ['360', ' 2 '],
          ['1\\,80', ''],
        ],
      ).message.key,
    ).toBe('feedback.decomposition-not-finished');
  });
});

describe('checkPrimeDecomposition: the final answer', () => {
  it.each<Case>([
    ['no final answer yet', 'write-final-answer', 'Decomp', ['360'], DECOMP_360, ''],
    ['powers', 'correct', 'Decomp', ['360'], DECOMP_360, '2^{3}\\cdot3^{2}\\cdot5'],
    ['repeated factors', 'correct', 'Decomp', ['360'], DECOMP_360, '2\\cdot2\\cdot2\\cdot3\\cdot3\\cdot5'],
    ['another order', 'correct', 'Decomp', ['360'], DECOMP_360, '5\\cdot3^{2}\\cdot2^{3}'],
    ['times signs', 'correct', 'Decomp', ['360'], DECOMP_360, '2^{3}\\times3^{2}\\times5'],
    [
      'brackets around part of the product',
      'correct',
      'Decomp',
      ['360'],
      DECOMP_360,
      '\\left(2^{3}\\cdot3^{2}\\right)\\cdot5',
    ],
    ['the number itself', 'final-answer-not-factored', 'Decomp', ['360'], DECOMP_360, '360'],
    ['a composite factor', 'final-answer-not-factored', 'Decomp', ['360'], DECOMP_360, '2^{3}\\cdot45'],
    ['a missing factor', 'wrong-final-answer', 'Decomp', ['360'], DECOMP_360, '2^{2}\\cdot3^{2}\\cdot5'],
    ['a sum instead of a product', 'wrong-final-answer', 'Decomp', ['360'], DECOMP_360, '2^{3}+3^{2}+5'],
    ['unreadable text', 'wrong-final-answer', 'Decomp', ['360'], DECOMP_360, '\\frac{'],
    [
      'a prime decomposed as itself',
      'correct',
      'Decomp',
      ['97'],
      [
        ['97', '97'],
        ['1', ''],
      ],
      '97',
    ],
    [
      'two numbers decomposed, in order',
      'correct',
      'Decomp',
      ['12', '35'],
      [
        ['12', '35', '2'],
        ['6', '35', '2'],
        ['3', '35', '3'],
        ['1', '35', '5'],
        ['1', '7', '7'],
        ['1', '1', ''],
      ],
      '2^{2}\\cdot3, 5\\cdot7',
    ],
    [
      'two numbers with one factorization',
      'wrong-final-answer',
      'Decomp',
      ['12', '35'],
      [
        ['12', '35', '2'],
        ['6', '35', '2'],
        ['3', '35', '3'],
        ['1', '35', '5'],
        ['1', '7', '7'],
        ['1', '1', ''],
      ],
      '2^{2}\\cdot3',
    ],
    ['the LCM as a number', 'correct', 'LCM', ['12', '18'], LCM_12_18, '36'],
    ['the LCM as a product', 'correct', 'LCM', ['12', '18'], LCM_12_18, '2^{2}\\cdot3^{2}'],
    ['the GCD where the LCM is asked', 'wrong-final-answer', 'LCM', ['12', '18'], LCM_12_18, '6'],
    ['no LCM yet', 'write-final-answer', 'LCM', ['12', '18'], LCM_12_18, ''],
    [
      'the LCM of three numbers',
      'correct',
      'LCM',
      ['4', '6', '10'],
      [
        ['4', '6', '10', '2'],
        ['2', '3', '5', '2'],
        ['1', '3', '5', '3'],
        ['1', '1', '5', '5'],
        ['1', '1', '1', ''],
      ],
      '60',
    ],
    ['the GCD', 'correct', 'GCD', ['12', '18'], GCD_12_18, '6'],
    ['the GCD as a product', 'correct', 'GCD', ['12', '18'], GCD_12_18, '2\\cdot3'],
    ['the LCM where the GCD is asked', 'wrong-final-answer', 'GCD', ['12', '18'], GCD_12_18, '36'],
    [
      'every divisor multiplied, not only the common ones',
      'wrong-final-answer',
      'GCD',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '9', '2'],
        ['3', '9', '3'],
        ['1', '3', ''],
      ],
      '12',
    ],
    [
      'the common divisors of a table with copied numbers',
      'correct',
      'GCD',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '9', '2'],
        ['3', '9', '3'],
        ['1', '3', ''],
      ],
      '6',
    ],
    [
      'a GCD table carried on to the end',
      'correct',
      'GCD',
      ['12', '18'],
      [
        ['12', '18', '2'],
        ['6', '9', '3'],
        ['2', '3', '2'],
        ['1', '3', '3'],
        ['1', '1', ''],
      ],
      '6',
    ],
    ['coprime numbers from the start', 'write-final-answer', 'GCD', ['8', '15'], [['8', '15', '']], ''],
    ['the GCD 1 of coprime numbers', 'correct', 'GCD', ['8', '15'], [['8', '15', '']], '1'],
    [
      'the GCD of three numbers',
      'correct',
      'GCD',
      ['12', '18', '30'],
      [
        ['12', '18', '30', '2'],
        ['6', '9', '15', '3'],
        ['2', '3', '5', ''],
      ],
      '6',
    ],
  ])('%s gives %s', (_title, code, type, numbers, rows, mathText) => {
    const r = check(type, numbers, rows, mathText);
    expect(r).toEqual({
      correct: code === 'correct',
      message: { key: `feedback.${code}`, params: {} },
      showMathField: true,
      cells: [],
    });
  });
});

describe('checkPrimeDecomposition: large and broken input', () => {
  it('decomposes a 12-digit prime quickly', () => {
    const run = () =>
      check(
        'Decomp',
        ['999999999989'],
        [
          ['999999999989', '999999999989'],
          ['1', ''],
        ],
        '999999999989',
      );
    expect(run().correct).toBe(true);
    expect(fastestMs(run)).toBeLessThan(50);
  });

  it('refuses a 12-digit composite divisor', () => {
    // 999999999999 = 3³·7·11·13·37·101·9901
    const r = check('Decomp', ['999999999999'], [['999999999999', '999999999999']]);
    expect(r.message.key).toBe('feedback.divisor-not-prime');
  });

  it('follows 39 halvings of 2^39', () => {
    let n = 2 ** 39;
    const rows: string[][] = [];
    while (n > 1) {
      rows.push([String(n), '2']);
      n /= 2;
    }
    rows.push(['1', '']);
    expect(check('Decomp', [String(2 ** 39)], rows, '2^{39}').correct).toBe(true);
  });

  it('finds the LCM of ten 12-digit numbers exactly', () => {
    const primes = ['999999999989', '999999999961', '999999999959', '999999999947', '999999999937'];
    const numbers = [...primes, ...primes.map((p) => String(Number(p) - 1))].slice(0, 2);
    const rows = [
      [numbers[0]!, numbers[1]!, numbers[0]!],
      ['1', numbers[1]!, numbers[1]!],
      ['1', '1', ''],
    ];
    const lcm = BigInt(numbers[0]!) * BigInt(numbers[1]!);
    expect(check('LCM', numbers, rows, lcm.toString()).correct).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a null answer', null],
    ['a table that is not a list', { table: 'x', mathText: '' }],
    [
      'cells of every wrong shape',
      { table: [null, 1, 'a', { rIndex: 'a' }, { rIndex: 1e9, cIndex: 0, cellContent: '2' }], mathText: 7 },
    ],
    [
      '2000 garbage cells',
      {
        table: Array.from({ length: 2000 }, (_, i) => ({
          rIndex: i % 300,
          cIndex: i % 3,
          cellType: 'Math',
          cellContent: 'zz',
        })),
        mathText: '',
      },
    ],
    ['a huge power as the final answer', { table: table(DECOMP_360), mathText: '10^{30}' }],
    ['a power tower as the final answer', { table: table(DECOMP_360), mathText: '2^{2^{2^{10}}}' }],
  ])('answers %s with a result, never a throw', (_title, answer) => {
    const run = () =>
      checkPrimeDecomposition(
        { numbers: [{ id: 'aaaaaa', latex: '360' }], decompType: 'Decomp' },
        answer as PrimeDecompositionAnswer,
      );
    const r = run();
    expect(r.correct).toBe(false);
    expect(r.message.key).toMatch(/^feedback\./);
    expect(fastestMs(run)).toBeLessThan(50);
  });

  it.each(['1', 'abc', '-4', '1000000000000'])('throws for the malformed given number %j', (latex) => {
    expect(() => check('Decomp', [latex], [])).toThrow(/primeDecomposition/);
  });
});
