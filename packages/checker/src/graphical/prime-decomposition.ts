import type { AnswerOf, PrimeDecompositionFeedback } from '@kib/core';
import type { Expr } from '../expr/ast';
import { numericValue } from '../expr/numeric';
import { parseLatex } from '../expr/parse';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { listOf, splitTopLevel } from './numbers';
import { gcdOf, isPrime, lcmOf, MAX_TABLE_INTEGER } from './primes';

/** Rows of the table read at most (a correct table of ten 12-digit numbers needs under 400). */
const MAX_ROWS = 500;

type CellPosition = { rIndex: number; cIndex: number };

/** What one cell holds once read: nothing, an integer, or something that is not one. */
type CellValue =
  { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'unreadable' } | { kind: 'too-large' };

type Params = Record<string, string | number>;

/**
 * primeDecomposition: the division-table protocol (spec 02 §4 "Factor-decomposition exercise flow",
 * §5, §8 "Factor-decomposition feedback"). Columns 0…k−1 hold the numbers, column k the prime divisor
 * chosen for the row; row 0 holds the given numbers; each next row holds the quotients, a number the
 * divisor does not divide being copied down unchanged. The table is finished when every number is 1
 * (Decomp, LCM) or when the numbers are coprime (GCD); then the math field asks for the final answer:
 * the factorization (Decomp), the LCM or the GCD. The first problem found, row by row, is reported
 * with the cells at fault. Never throws for a student's table; throws when `data.numbers` are not
 * integers of at least 2.
 */
export function checkPrimeDecomposition(
  data: CheckData<'primeDecomposition'>,
  answer: AnswerOf<'primeDecomposition'>,
): PrimeDecompositionFeedback {
  const numbers = readNumbers(data.numbers);
  const type = data.decompType;
  const k = numbers.length;
  const grid = readGrid(typeof answer === 'object' && answer !== null ? answer.table : undefined, k);
  const cell = (r: number, c: number): CellValue => grid.get(r)?.get(c) ?? { kind: 'empty' };
  const finished = (row: number[]) => (type === 'GCD' ? gcdOf(row) === 1 : row.every((n) => n === 1));

  let row = numbers;
  for (let r = 0; r < MAX_ROWS; r++) {
    const divisorCell = cell(r, k);
    if (divisorCell.kind === 'empty') {
      // The last row the student reached: nothing may follow it.
      const later = [...grid.keys()].filter(
        (rr) => rr > r && [...grid.get(rr)!.values()].some((v) => v.kind !== 'empty'),
      );
      if (later.length > 0) return fault('missing-divisor', [{ rIndex: r, cIndex: k }]);
      if (!finished(row)) return reply(false, 'decomposition-not-finished');
      return finalAnswer(type, numbers, typeof answer === 'object' && answer !== null ? answer.mathText : '');
    }
    if (divisorCell.kind !== 'number') return unreadable(divisorCell, [{ rIndex: r, cIndex: k }]);
    const d = divisorCell.value;
    const at = [{ rIndex: r, cIndex: k }];
    if (!isPrime(d)) {
      // 12 and 18 divided by 6 leave 2 and 3: the common factor is found, but as a product of primes.
      const dividesAll = d >= 2 && row.every((n) => n % d === 0);
      const coprimeAfter = k >= 2 && dividesAll && gcdOf(row.map((n) => n / d)) === 1;
      return fault(coprimeAfter ? 'coprime-decompose-divisor' : 'divisor-not-prime', at, { divisor: d });
    }
    if (!row.some((n) => n % d === 0)) {
      if (type === 'Decomp') {
        const number = row.find((n) => n !== 1) ?? row[0]!;
        return fault('divisor-does-not-divide', at, { divisor: d, number });
      }
      return fault('divisor-divides-no-number', at, { divisor: d });
    }
    const next = row.map((n) => (n % d === 0 ? n / d : n));
    const below = next.map((_, c) => ({ rIndex: r + 1, cIndex: c, value: cell(r + 1, c) }));
    const empty = below.filter((b) => b.value.kind === 'empty');
    if (empty.length > 0) return reply(false, 'divide-last-row', {}, empty.map(position));
    const unread = below.filter((b) => b.value.kind === 'unreadable' || b.value.kind === 'too-large');
    if (unread.length > 0) return unreadable(unread[0]!.value, unread.map(position));
    const wrong = below.filter((b, c) => b.value.kind === 'number' && b.value.value !== next[c]);
    if (wrong.length > 0) return fault('wrong-division', wrong.map(position), { divisor: d });
    row = next;
  }
  return reply(false, 'decomposition-not-finished');
}

function position({ rIndex, cIndex }: CellPosition): CellPosition {
  return { rIndex, cIndex };
}

function reply(
  correct: boolean,
  code: GraphicalFeedbackCode,
  params: Params = {},
  cells: CellPosition[] = [],
  showMathField = false,
): PrimeDecompositionFeedback {
  return { correct, message: { key: feedbackKey(code), params }, showMathField, cells };
}

function fault(
  code: GraphicalFeedbackCode,
  cells: CellPosition[],
  params: Params = {},
): PrimeDecompositionFeedback {
  return reply(false, code, params, cells);
}

function unreadable(value: CellValue, cells: CellPosition[]): PrimeDecompositionFeedback {
  return fault(value.kind === 'too-large' ? 'number-too-large' : 'unreadable-cell', cells);
}

function readNumbers(items: unknown): number[] {
  const list = Array.isArray(items) ? (items as { latex?: unknown }[]) : [];
  const numbers = list.map((item) =>
    typeof item?.latex === 'string' && /^\d{1,12}$/.test(item.latex.trim()) ? Number(item.latex.trim()) : NaN,
  );
  if (numbers.length === 0 || numbers.some((n) => !(n >= 2))) {
    throw new Error('primeDecomposition: numbers must be integers of at least 2 (up to 12 digits)');
  }
  return numbers;
}

/** Reads a cell: numeric text only (spaces and MathLive's thin spaces and braces allowed). */
export function readCell(content: unknown): CellValue {
  if (typeof content !== 'string') return { kind: 'empty' };
  const text = content.replace(/\\[,;:! ]|\\placeholder\{\}|\s|[{}]/g, '');
  if (text === '') return { kind: 'empty' };
  if (!/^\d+$/.test(text)) return { kind: 'unreadable' };
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_TABLE_INTEGER).length) return { kind: 'too-large' };
  return { kind: 'number', value: Number(digits) };
}

/** The cells by row and column; cells outside the table's columns or beyond MAX_ROWS are ignored. */
function readGrid(table: unknown, k: number): Map<number, Map<number, CellValue>> {
  const grid = new Map<number, Map<number, CellValue>>();
  for (const item of listOf(table, (MAX_ROWS + 1) * 12)) {
    if (typeof item !== 'object' || item === null) continue;
    const { rIndex, cIndex, cellContent } = item as Record<string, unknown>;
    if (!Number.isInteger(rIndex) || !Number.isInteger(cIndex)) continue;
    const r = rIndex as number;
    const c = cIndex as number;
    // Row 0 holds the given numbers (fixed cells): only its divisor is the student's.
    if (r < 0 || r >= MAX_ROWS || c < 0 || c > k || (r === 0 && c < k)) continue;
    if (!grid.has(r)) grid.set(r, new Map());
    grid.get(r)!.set(c, readCell(cellContent));
  }
  return grid;
}

/** Once the table is finished: asks for the final answer, or checks it. */
function finalAnswer(
  type: 'Decomp' | 'LCM' | 'GCD',
  numbers: number[],
  mathText: unknown,
): PrimeDecompositionFeedback {
  const text = typeof mathText === 'string' ? mathText : '';
  const ask = (code: GraphicalFeedbackCode, correct = false) => reply(correct, code, {}, [], true);
  if (text.replace(/\\placeholder\{\}|\\[,;:! ]|\s|[{}]/g, '') === '') return ask('write-final-answer');
  if (type === 'Decomp') {
    const parts =
      numbers.length === 1
        ? [text]
        : splitTopLevel(text)
            .map((p) => p.trim())
            .filter((p) => p !== '');
    if (parts.length !== numbers.length) return ask('wrong-final-answer');
    for (let i = 0; i < parts.length; i++) {
      const verdict = factorization(parts[i]!, numbers[i]!);
      if (verdict !== 'right')
        return ask(verdict === 'not-factored' ? 'final-answer-not-factored' : 'wrong-final-answer');
    }
    return ask('correct', true);
  }
  const expected = type === 'LCM' ? lcmOf(numbers) : BigInt(gcdOf(numbers));
  return ask(sameValue(text, expected) ? 'correct' : 'wrong-final-answer', sameValue(text, expected));
}

/** True when the LaTeX is exactly the integer `expected` (written as a number or a product of powers). */
function sameValue(latex: string, expected: bigint): boolean {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return false;
  const exact = exactInteger(parsed.expr);
  if (exact !== null) return exact === expected;
  const approx = numericValue(latex);
  return approx !== null && expected <= BigInt(Number.MAX_SAFE_INTEGER) && approx === Number(expected);
}

/**
 * Whether the LaTeX is a prime factorization of n: a product of primes or prime powers in any order
 * (`2^{3}\cdot3^{2}\cdot5`, `2\cdot2\cdot2\cdot3\cdot3\cdot5`). A product with the right value but a
 * composite factor (or the number itself) is "not factored".
 */
function factorization(latex: string, n: number): 'right' | 'not-factored' | 'wrong' {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return 'wrong';
  const value = exactInteger(parsed.expr);
  if (value === null || value !== BigInt(n)) return 'wrong';
  const factors = flattenProduct(parsed.expr);
  const allPrime = factors.every((f) => {
    const base = f.type === 'pow' ? f.base : f;
    const prime = base.type === 'number' ? exactInteger(base) : null;
    return prime !== null && prime <= BigInt(MAX_TABLE_INTEGER) && isPrime(Number(prime));
  });
  return allPrime ? 'right' : 'not-factored';
}

/** The factors of a product, brackets around sub-products removed: (2·3)·5 gives 2, 3, 5. */
function flattenProduct(e: Expr): Expr[] {
  return e.type === 'mul' ? e.args.flatMap(flattenProduct) : [e];
}

/** The exact value of an integer written with digits, products and whole powers; null otherwise. */
function exactInteger(e: Expr): bigint | null {
  const limit = 10n ** 40n;
  switch (e.type) {
    case 'number':
      return /^\d{1,40}$/.test(e.text) ? BigInt(e.text) : null;
    case 'mul': {
      let product = 1n;
      for (const a of e.args) {
        const v = exactInteger(a);
        if (v === null) return null;
        product *= v;
        if (product > limit) return null;
      }
      return product;
    }
    case 'pow': {
      const base = exactInteger(e.base);
      const exp = exactInteger(e.exp);
      if (base === null || exp === null || exp > 200n) return null;
      let result = 1n;
      for (let i = 0n; i < exp; i++) {
        result *= base;
        if (result > limit) return null;
      }
      return result;
    }
    default:
      return null;
  }
}
